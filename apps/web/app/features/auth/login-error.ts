import { AUTH_MESSAGES } from "@app/shared/constants";
import { ApiError } from "~/lib/api-client";
import { tooManyAttemptsMessage } from "~/lib/too-many-attempts";

// What the login's error dialog says (spec section 8), by the answer the server gave.

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
