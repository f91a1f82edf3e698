// The CRM's fixed vocabulary: message statuses, search fields, limits and Spanish labels. Zod-free,
// so any screen can import it; schemas/crm.ts builds the request and answer schemas from it.

export const MESSAGE_STATUSES = ["pendiente", "respondido", "rechazado"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const STATUS_LABELS: Record<MessageStatus, string> = {
  pendiente: "Pendiente",
  respondido: "Respondido",
  rechazado: "Rechazado",
};

/** The search box's field choice (spec section 7: `field`, default `all`). */
export const SEARCH_FIELDS = ["all", "nombre", "correo", "telefono", "servicio", "mensaje"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const SEARCH_FIELD_LABELS: Record<SearchField, string> = {
  all: "Todos",
  nombre: "Nombre",
  correo: "Correo",
  telefono: "Teléfono",
  servicio: "Servicio",
  mensaje: "Mensaje",
};

/** Which list: the main one, or the submissions kept for review (spam suspicion). */
export const MESSAGE_VIEWS = ["main", "review"] as const;
export type MessageView = (typeof MESSAGE_VIEWS)[number];

/** Where a message came from: the public form, or a note staff wrote (a call, a visit). */
export const MESSAGE_ORIGINS = ["web", "personal"] as const;
export type MessageOrigin = (typeof MESSAGE_ORIGINS)[number];

export const CRM_LIMITS = {
  pageSizeMax: 100,
  keyword: 100,
  reply: 5000,
  reason: 500,
  /** Messages each row of the list carries, newest first; the contact dialog loads them all. */
  messagesPerGroup: 20,
  /**
   * A search reads this many pages ahead instead of counting, and past them says "más de N"
   * (docs/decisions/015): counting the clients of a broad search through a million messages cost
   * far more than the page itself.
   */
  searchPagesAhead: 10,
} as const;

export const CRM_MESSAGES = {
  reasonRequired: "Indica el motivo del rechazo",
  replyRequired: "Escribe la respuesta",
  messageRequired: "Escribe el mensaje",
  confirmDeleteMessage: "¿Está seguro de que desea eliminar este mensaje?",
  emptyList: "No se encontraron contactos con los criterios de búsqueda",
  noMessages: "No hay mensajes para mostrar",
  clientNotFound: "No existe ese contacto.",
  messageNotFound: "No existe ese mensaje.",
  emailTaken: "Ya existe un contacto con ese correo electrónico",
  notInReview: "Ese mensaje no está pendiente de revisión.",
} as const;
