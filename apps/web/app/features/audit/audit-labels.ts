import type { AuditAction } from "@app/shared";

/** Each audited action, as staff read it. */
const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
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
  client_created: "Contacto creado",
  client_updated: "Contacto modificado",
  client_deleted: "Contacto eliminado",
  client_anonymised: "Contacto anonimizado",
  client_data_exported: "Datos de un contacto exportados",
  messages_exported: "Contactos exportados a CSV",
  message_created: "Mensaje añadido",
  message_updated: "Mensaje modificado",
  message_deleted: "Mensaje eliminado",
  message_discarded: "Mensaje descartado en revisión",
  message_accepted: "Mensaje aceptado en revisión",
  message_status_changed: "Estado de un mensaje cambiado",
  message_replied: "Respuesta enviada",
  client_stage_changed: "Etapa de contacto cambiada",
  client_owner_changed: "Responsable de contacto cambiado",
  clients_bulk_changed: "Contactos cambiados en bloque",
  lead_assignment_changed: "Regla de asignación de contactos nuevos cambiada",
  task_created: "Tarea creada",
  task_changed: "Tarea cambiada",
  note_created: "Nota interna creada",
  note_updated: "Nota interna editada",
  leads_retention: "Plazo de conservación aplicado a contactos antiguos (LOPDP)",
  reply_template_created: "Plantilla de respuesta creada",
  reply_template_updated: "Plantilla de respuesta modificada",
  reply_template_deleted: "Plantilla de respuesta eliminada",
};

/** An action the list does not know yet still shows, by its code. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
