import { waitText } from "@app/shared/constants";
import type { ApiError } from "./api-client";
import { formatClock } from "./format-date";

/**
 * A 429 on a sign-in or a second step: the server's words (they already say how long to wait), and
 * the clock time at which the person may try again, from Retry-After.
 */
export function tooManyAttemptsMessage(error: ApiError, now = new Date()) {
  const seconds = error.retryAfterSeconds;
  if (!seconds)
    return error.message || "Demasiados intentos de inicio de sesión. Espera unos minutos e intenta nuevamente.";
  const said = error.message || `Demasiados intentos de inicio de sesión. Intenta nuevamente en ${waitText(seconds)}.`;
  return `${said} Podrás volver a intentarlo a las ${formatClock(new Date(now.getTime() + seconds * 1000))}.`;
}
