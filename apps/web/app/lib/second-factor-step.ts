import type { SecondFactorMethod } from "@app/shared";
import { SECOND_FACTOR_MESSAGES as M } from "@app/shared/constants";
import { ApiError } from "./api-client";
import { errorMessage } from "./error-message";
import { tooManyAttemptsMessage } from "./too-many-attempts";

// What the second step of a sign-in (or of a re-verification) shows and how it judges a typed code.
// Plain functions: the sign-in page hydrates without zod (docs/benchmarks/web.md), so the rules of
// the shared schema (authenticatorCodeField, recoveryCodeField) are repeated here and a test keeps
// them equal.

/** The two kinds of typed code; a passkey has its own button. */
export type CodeKind = "authenticator" | "recovery";

export type StepView = {
  /** `Usar llave de acceso`. */
  passkey: boolean;
  /** The code field shown, if any. */
  code: CodeKind | null;
  /** The link-like button that swaps the code field for the other kind. */
  switchTo: CodeKind | null;
};

/**
 * Only the methods the account has. The authenticator's code field shows at once; recovery codes,
 * meant for a lost device, wait behind `Usar un código de recuperación`.
 */
export function stepView(methods: readonly SecondFactorMethod[], chosen: CodeKind | null): StepView {
  const has = (method: SecondFactorMethod) => methods.includes(method);
  const code = chosen && has(chosen) ? chosen : has("authenticator") ? "authenticator" : null;
  const other: CodeKind = code === "recovery" ? "authenticator" : "recovery";
  return { passkey: has("passkey"), code, switchTo: has(other) ? other : null };
}

export const CODE_FIELD = {
  authenticator: {
    label: "Código de verificación",
    hint: "El código de 6 dígitos que muestra tu aplicación de autenticación.",
    switchLabel: "Usar la aplicación de autenticación",
  },
  recovery: {
    label: "Código de recuperación",
    hint: "Uno de los códigos que guardaste (por ejemplo, abcde-12345). Cada uno sirve una sola vez.",
    switchLabel: "Usar un código de recuperación",
  },
} as const satisfies Record<CodeKind, { label: string; hint: string; switchLabel: string }>;

export type CodeCheck = { code: string; error?: never } | { error: string; code?: never };

/** The typed code, cleaned as the server cleans it (spaces and dashes out), or why it cannot be sent. */
export function checkStepCode(kind: CodeKind, typed: string): CodeCheck {
  const cleaned = typed.replace(/[\s-]/g, "");
  if (kind === "authenticator") {
    if (!cleaned) return { error: M.codeRequired };
    return /^\d{6}$/.test(cleaned) ? { code: cleaned } : { error: M.codeFormat };
  }
  const lower = cleaned.toLowerCase();
  if (!lower) return { error: M.recoveryRequired };
  return /^[a-z0-9]{10}$/.test(lower) ? { code: lower } : { error: M.recoveryFormat };
}

/**
 * The step is over (expired, or locked after too many wrong codes): only the password starts again.
 * A sign-in's step says so with a 401, a re-verification's with a 409 (a 401 there would end the
 * session).
 */
export const isStepOver = (error: unknown) =>
  error instanceof ApiError &&
  ((error.status === 401 && error.message === M.stepExpired) ||
    (error.status === 409 && error.message === M.reverifyExpired));

/** The sentence for a refused second step: the server's words, or the wait after too many tries. */
export function stepErrorMessage(error: unknown) {
  if (error instanceof ApiError && error.status === 429) return tooManyAttemptsMessage(error);
  return errorMessage(error);
}
