import { z } from "zod";
import { isSingleLine, isWellFormedText } from "../contact-rules.ts";
import { SECOND_FACTOR_MESSAGES as M } from "../second-factor-rules.ts";
import { sessionResponseSchema } from "./auth.ts";

// A second factor for staff sign-in (issue 15): passkeys (WebAuthn, "llave de acceso"), an
// authenticator app (TOTP, "aplicación de autenticación") and single-use recovery codes
// ("códigos de recuperación"). The WebAuthn objects travel as the JSON @simplewebauthn makes: the
// server's library checks them, these schemas only bound their size.

export const SECOND_FACTOR_METHODS = ["passkey", "authenticator", "recovery"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A browser's WebAuthn answer (`RegistrationResponseJSON` / `AuthenticationResponseJSON`). */
const base64url = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+$/, { error: "No es base64url" });
export const webauthnCredentialSchema = z
  .looseObject({ id: base64url, rawId: base64url, type: z.literal("public-key") })
  .refine((value) => JSON.stringify(value).length <= 64 * 1024, { error: "Respuesta de la llave demasiado grande" });
export type WebauthnCredential = z.infer<typeof webauthnCredentialSchema>;

/** Options for `navigator.credentials` as @simplewebauthn/browser takes them. */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());

/** `POST /api/auth/login` when the password was right and a second factor must follow. */
export const secondFactorStepSchema = z.object({
  step: z.literal("second_factor"),
  /** Good for the second step alone, for a few minutes; useless as an access token. */
  stepToken: z.string(),
  expiresIn: z.number().int(),
  /** What this person has enrolled. */
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorStep = z.infer<typeof secondFactorStepSchema>;

/** What `POST /api/auth/login` answers: a session, or the second step. */
export const loginResponseSchema = z.union([sessionResponseSchema, secondFactorStepSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** WebAuthn options wrapped for the browser. */
export const passkeyOptionsSchema = z.object({ options: webauthnOptionsSchema });

const stepToken = z.string().min(1).max(200);

/** A 6-digit code from the authenticator app; spaces a person types are ignored. */
export const authenticatorCodeField = z
  .string({ error: M.codeRequired })
  .transform((text) => text.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(1, { error: M.codeRequired })
      .regex(/^\d{6}$/, { error: M.codeFormat }),
  );

/** A recovery code as shown (`abcde-fghij`); case, spaces and dashes do not matter. */
export const recoveryCodeField = z
  .string({ error: M.recoveryRequired })
  .transform((text) => text.replace(/[\s-]/g, "").toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: M.recoveryRequired })
      .regex(/^[a-z0-9]{10}$/, { error: M.recoveryFormat }),
  );

const answers = {
  authenticator: { method: z.literal("authenticator"), code: authenticatorCodeField },
  recovery: { method: z.literal("recovery"), code: recoveryCodeField },
  passkey: { method: z.literal("passkey"), credential: webauthnCredentialSchema },
} as const;

/** `POST /api/auth/second-factor`: the second step, with what the person chose. */
export const secondFactorRequestSchema = z.discriminatedUnion("method", [
  z.strictObject({ stepToken, ...answers.authenticator }),
  z.strictObject({ stepToken, ...answers.recovery }),
  z.strictObject({ stepToken, ...answers.passkey }),
]);
export type SecondFactorRequest = z.input<typeof secondFactorRequestSchema>;

/**
 * `POST /api/account/confirm-second-factor`: the second factor of a re-verification (the step is the
 * session's own, so no token travels).
 */
export const secondFactorAnswerSchema = z.discriminatedUnion("method", [
  z.strictObject(answers.authenticator),
  z.strictObject(answers.recovery),
  z.strictObject(answers.passkey),
]);
export type SecondFactorAnswer = z.input<typeof secondFactorAnswerSchema>;

/**
 * `POST /api/account/confirm-password` when the account has a second factor: it comes next, within
 * `expiresIn` seconds (200; a 204 means the password alone was enough).
 */
export const reverifyStepSchema = secondFactorStepSchema.omit({ stepToken: true });
export type ReverifyStep = z.infer<typeof reverifyStepSchema>;

/** `POST /api/auth/second-factor/passkey-options`. */
export const stepPasskeyOptionsRequestSchema = z.strictObject({ stepToken });

/** `POST /api/auth/passkey/options`: a sign-in with a passkey alone (no username). */
export const passkeySignInOptionsSchema = z.object({ challengeId: z.string(), options: webauthnOptionsSchema });
export const passkeySignInRequestSchema = z.strictObject({
  challengeId: z.uuid(),
  credential: webauthnCredentialSchema,
  remember: z.boolean().optional(),
});
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequestSchema>;

/** A passkey's name, e.g. "Laptop oficina". */
export const passkeyNameField = z
  .string({ error: M.passkeyNameRequired })
  .trim()
  .min(1, { error: M.passkeyNameRequired })
  .max(60, { error: M.passkeyNameTooLong })
  // One line: it is shown in lists and written into the security emails.
  .refine((text) => isSingleLine(text) && isWellFormedText(text), { error: M.passkeyNameRequired });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by the platform (iCloud Keychain, Google Password Manager): it survives a lost device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** `GET /api/account/security`: the person's own factors, never their secrets. */
export const accountSecuritySchema = z.object({
  passkeys: z.array(passkeySchema),
  authenticator: z.object({ confirmedAt: z.string() }).nullable(),
  recoveryCodes: z.object({ remaining: z.number().int(), createdAt: z.string() }).nullable(),
  /** The administrators require a second factor of everybody. */
  required: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** `POST /api/account/passkeys`. */
export const addPasskeyRequestSchema = z.strictObject({ name: passkeyNameField, credential: webauthnCredentialSchema });
export const renamePasskeyRequestSchema = z.strictObject({ name: passkeyNameField });

/** The recovery codes, shown once: after the first factor, and when they are made again. */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** What enrolling a factor answers: new recovery codes when it was the first one. */
export const factorAddedSchema = z.object({ recoveryCodes: z.array(z.string()).nullable() });
export type FactorAdded = z.infer<typeof factorAddedSchema>;

/** `POST /api/account/authenticator`: the secret to scan (QR) or type, until confirmed by a code. */
export const authenticatorSetupSchema = z.object({
  secret: z.string(),
  /** `otpauth://totp/...`, what the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupSchema>;
export const confirmAuthenticatorRequestSchema = z.strictObject({ code: authenticatorCodeField });

/** `GET /api/account/sessions`: each signed-in device. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** This browser. */
  current: z.boolean(),
  /** "Chrome en Windows". */
  browser: z.string(),
  /** The IP's network, e.g. "190.152.14.0/24", or "Red local". */
  network: z.string(),
  /** The address it signed in from: beside the sign-in time, what tells two alike devices apart. */
  ip: z.string().nullable(),
  /** When it signed in. */
  createdAt: z.string(),
  lastUsedAt: z.string(),
  remember: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.array(accountSessionSchema);

/** `GET`/`PUT /api/users/second-factor-policy` (administrators). */
export const secondFactorPolicySchema = z.strictObject({ required: z.boolean() });
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;

/** `POST /api/account/confirm-password`: the password again, before changing factors. */
export const confirmPasswordRequestSchema = z.strictObject({
  password: z.string().min(1, { error: "La contraseña es requerida" }).max(1024),
});
