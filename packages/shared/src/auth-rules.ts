// Staff accounts and sessions: limits, roles and the Spanish sentences people read. The zod schemas
// in schemas/auth.ts and schemas/users.ts are built from these, so browser and API agree.

export const AUTH_LIMITS = {
  username: 64,
  displayName: 100,
  /** ASVS 5.0 (6.2.1): at least 8; staff are told to use 15 or more. */
  passwordMin: 8,
  passwordRecommended: 15,
  /** ASVS 5.0 (6.2.9): at least 64 must be accepted. */
  passwordMax: 128,
} as const;

export const STAFF_ROLES = ["administrador", "personal", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  administrador: "Administrador",
  personal: "Personal",
  editor: "Editor de contenido",
};

/** Who works the contacts (leads, board, tasks, replies) and may own one: not the site's editors. */
export const CRM_ROLES = ["administrador", "personal"] as const satisfies readonly StaffRole[];
/** Who edits and publishes the public site's content (`Sitio web`, issue 17). */
export const SITE_ROLES = ["administrador", "editor"] as const satisfies readonly StaffRole[];

/** Where the browser keeps the username when "Recordarme" is ticked (spec section 4). */
export const REMEMBER_USER_KEY = "remember_user";
export const USERNAME_KEY = "username";

/** Sent by the browser on cookie-authenticated auth calls: a cross-site form cannot set it. */
export const CSRF_HEADER = "x-csrf-protection";

/** Refresh-token cookie, scoped to the auth calls. */
export const REFRESH_COOKIE = "fp_refresh";

export const AUTH_MESSAGES = {
  usernameRequired: "El usuario es requerido",
  passwordRequired: "La contraseña es requerida",
  invalidCredentials: "Usuario o contraseña incorrectos",
  forbidden: "Tu cuenta no tiene permisos para acceder",
  noConnection: "No se pudo conectar con el servidor",
  unknown: "Error desconocido. Por favor, intenta nuevamente.",
  passwordTooShort: `La contraseña debe tener al menos ${AUTH_LIMITS.passwordMin} caracteres`,
  passwordTooLong: `La contraseña no puede superar los ${AUTH_LIMITS.passwordMax} caracteres`,
  passwordTooCommon: "Esa contraseña es demasiado común; elige otra más difícil de adivinar",
  passwordBreached: "Esa contraseña aparece en filtraciones de contraseñas conocidas; elige otra",
  passwordTooWeak:
    "Esa contraseña es fácil de adivinar; usa una frase más larga, con palabras que no tengan que ver contigo ni con la empresa",
  passwordMismatch: "Las contraseñas no coinciden",
  passwordSameAsUsername: "La contraseña no puede contener el nombre de usuario",
  currentPasswordWrong: "La contraseña actual no es correcta",
  resetLinkInvalid: "El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.",
  resetRequested:
    "Si el correo pertenece a una cuenta del personal, recibirás un enlace para restablecer la contraseña. El enlace vence en 10 minutos.",
  sessionExpired: "Tu sesión expiró. Inicia sesión nuevamente.",
  mustChangePassword: "Debes cambiar tu contraseña temporal antes de continuar.",
  usernameTaken: "Ese nombre de usuario ya existe",
  emailTaken: "Ese correo ya pertenece a otra cuenta",
  usernameFormat: "El usuario solo puede tener letras minúsculas, dígitos, punto, guion y guion bajo (3 a 64)",
  displayNameRequired: "El nombre es requerido",
  emailInvalid: "El correo electrónico es inválido",
  lastAdmin: "Debe quedar al menos un administrador activo",
  selfChange: "No puedes desactivar tu propia cuenta ni quitarte el rol de administrador",
} as const;

/** A username as stored: lower case, so "Admin" and "admin" are one account. */
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,64}$/;
