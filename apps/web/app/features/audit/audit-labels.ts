import type { AuditAction } from "@app/shared";

/** Each audited action, as staff read it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  login: "Inicio de sesión",
  login_failed: "Inicio de sesión fallido",
  logout: "Cierre de sesión",
  refresh_token_reuse: "Sesión revocada por reutilización de un token",
  password_changed: "Cambio de contraseña",
  password_reset_requested: "Solicitud de restablecimiento de contraseña",
  password_reset: "Contraseña restablecida por correo",
  user_created: "Cuenta creada",
  user_updated: "Cuenta modificada",
  user_password_set: "Contraseña temporal asignada",
};

/** An action the list does not know yet still shows, by its code. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
