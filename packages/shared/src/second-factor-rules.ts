// The second factor's words and figures, the same in the browser and on the server (issue 15).

export const SECOND_FACTOR_LIMITS = {
  /** Attempts at one second step before it is locked (sign in again with the password). */
  stepFailures: 5,
  /** How long the step between password and second factor lasts. */
  stepSeconds: 300,
  /** Recovery codes made at a time, each usable once. */
  recoveryCodes: 10,
  /** Changing factors asks for the password again when the sign-in (or the last time) is older than this. */
  verifiedSeconds: 600,
} as const;

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: "Ingresa el código de verificación",
  codeFormat: "El código de verificación tiene 6 dígitos",
  codeWrong: "El código no es correcto o ya se usó. Espera el siguiente e inténtalo de nuevo.",
  recoveryRequired: "Ingresa un código de recuperación",
  recoveryFormat: "Un código de recuperación tiene 10 letras y números (por ejemplo, abcde-12345)",
  recoveryWrong: "Ese código de recuperación no es válido o ya se usó.",
  passkeyFailed: "No se pudo verificar la llave de acceso. Inténtalo de nuevo.",
  passkeyNameRequired: "Ponle un nombre a la llave de acceso (por ejemplo, Laptop oficina)",
  passkeyNameTooLong: "El nombre puede tener hasta 60 caracteres",
  stepExpired: "El paso de verificación expiró o se bloqueó. Inicia sesión de nuevo.",
  reverifyExpired: "La verificación expiró o se bloqueó. Confirma tu contraseña de nuevo.",
  enrolRequired:
    "Tu cuenta necesita un segundo factor. Agrega una llave de acceso o una aplicación de autenticación para continuar.",
  reauthenticate: "Por seguridad, confirma tu contraseña para continuar.",
  reverifySecondFactor: "Ahora confirma que eres tú con el segundo factor de tu cuenta.",
  lastFactorRequired: "Se exige un segundo factor: agrega otro antes de quitar el último.",
} as const;
