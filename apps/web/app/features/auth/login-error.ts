import { AUTH_MESSAGES, waitText } from "@app/shared/constants";
import { ApiError } from "~/lib/api-client";
import { formatClock } from "~/lib/format-date";

// What the login's error dialog says (spec section 8), by the answer the server gave.

/**
 * 429: the server's words (they already say how long to wait), and the clock time at which the
 * person may try again, from Retry-After.
 */
function tooManyAttemptsMessage(error: ApiError, now = new Date()) {
  const seconds = error.retryAfterSeconds;
  if (!seconds)
    return error.message || "Demasiados intentos de inicio de sesión. Espera unos minutos e intenta nuevamente.";
  const said = error.message || `Demasiados intentos de inicio de sesión. Intenta nuevamente en ${waitText(seconds)}.`;
  return `${said} Podrás volver a intentarlo a las ${formatClock(new Date(now.getTime() + seconds * 1000))}.`;
}

export function loginErrorMessage(error: unknown, now = new Date()) {
  if (!(error instanceof ApiError)) return AUTH_MESSAGES.unknown;
  switch (error.status) {
    case 0:
      return AUTH_MESSAGES.noConnection;
    case 401:
      return AUTH_MESSAGES.invalidCredentials;
    case 403:
      return AUTH_MESSAGES.forbidden;
    case 429:
      return tooManyAttemptsMessage(error, now);
    default:
      return error.message || AUTH_MESSAGES.unknown;
  }
}
