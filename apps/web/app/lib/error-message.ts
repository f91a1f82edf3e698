import { AUTH_MESSAGES, waitText } from "@app/shared/constants";
import { ApiError } from "./api-client";

/** The sentence a person reads for a failed call: the server's Spanish message when it gave one. */
export function errorMessage(error: unknown) {
  if (!(error instanceof ApiError)) return AUTH_MESSAGES.unknown;
  if (error.status === 0) return AUTH_MESSAGES.noConnection;
  if (error.message) return error.message;
  if (error.status === 429 && error.retryAfterSeconds) {
    return `Demasiados intentos. Intenta nuevamente en ${waitText(error.retryAfterSeconds)}.`;
  }
  return AUTH_MESSAGES.unknown;
}

/** The 400's field problems for the fields a form has, to show each under its field. */
export function fieldProblems<F extends string>(error: unknown, fields: readonly F[]) {
  const problems: { field: F; message: string }[] = [];
  if (!(error instanceof ApiError) || error.status !== 400) return problems;
  for (const { path, message } of error.details) {
    const field = fields.find((name) => path === name || path.endsWith(`.${name}`));
    if (field && !problems.some((problem) => problem.field === field)) problems.push({ field, message });
  }
  return problems;
}

/** The same, as one message per field, for a form that keeps its errors by field name. */
export function fieldErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  return Object.fromEntries(fieldProblems(error, fields).map(({ field, message }) => [field, message])) as Partial<
    Record<F, string>
  >;
}
