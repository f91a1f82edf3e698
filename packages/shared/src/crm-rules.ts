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

/**
 * Where a contact is on the way from lead to order (the board's columns, in order). A reply moves
 * `nuevo` to `contactado` by itself; the others are staff's call.
 */
export const STAGES = ["nuevo", "contactado", "cotizacion", "negociacion", "ganado", "perdido"] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  nuevo: "Nuevo",
  contactado: "Contactado",
  cotizacion: "Cotización enviada",
  negociacion: "Negociación",
  ganado: "Ganado",
  perdido: "Perdido",
};

/** Why a contact was lost: the short list `Perdido` asks for (with free text beside it). */
export const LOST_REASONS = [
  "precio",
  "competencia",
  "sin_respuesta",
  "sin_presupuesto",
  "no_disponible",
  "otro",
] as const;
export type LostReason = (typeof LOST_REASONS)[number];

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  precio: "Precio",
  competencia: "Eligió a la competencia",
  sin_respuesta: "Dejó de responder",
  sin_presupuesto: "Sin presupuesto",
  no_disponible: "Producto no disponible",
  otro: "Otro motivo",
};

/** How a new lead gets its owner (`Responsable`), as the administrator picks it. */
export const ASSIGNMENT_MODES = ["none", "round_robin", "by_product"] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export const ASSIGNMENT_MODE_LABELS: Record<AssignmentMode, string> = {
  none: "Nadie (sin responsable)",
  round_robin: "Por turnos entre el personal activo",
  by_product: "Según el producto o servicio",
};

/**
 * Where a message came from: the public form, a note staff wrote (a call, a visit), or an email the
 * client sent to the shared mailbox (`Correo recibido`).
 */
export const MESSAGE_ORIGINS = ["web", "personal", "email"] as const;
export type MessageOrigin = (typeof MESSAGE_ORIGINS)[number];

/** How a reply went out: an email from the CRM, or a WhatsApp message staff sent and confirmed. */
export const REPLY_CHANNELS = ["email", "whatsapp"] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];

export const CRM_LIMITS = {
  pageSizeMax: 100,
  keyword: 100,
  reply: 5000,
  reason: 500,
  /** A won contact's estimated value, in US dollars. */
  wonValueMax: 100_000_000,
  /** Messages each row of the list carries, newest first; the contact dialog loads them all. */
  messagesPerGroup: 20,
  /**
   * A search reads this many pages ahead instead of counting, and past them says "más de N"
   * (docs/decisions/015): counting the clients of a broad search through a million messages cost
   * far more than the page itself.
   */
  searchPagesAhead: 10,
  /** `Sin respuesta hace más de N días`: N from 1 to this. */
  waitingDaysMax: 365,
  /** Cards a board column shows at first and adds with each `Mostrar más`. */
  boardPage: 50,
  /** A board column filtered by product counts up to this many cards, then says "más de". */
  boardCountCap: 1000,
  /** Rows a bulk action changes at most in one call. */
  bulkMax: 50_000,
} as const;

/** `Sin respuesta hace más de N días` when the person has not picked N. */
export const DEFAULT_WAITING_DAYS = 3;

export const CRM_MESSAGES = {
  reasonRequired: "Indica el motivo del rechazo",
  replyRequired: "Escribe la respuesta",
  /** Said before sending: without an address the client's answer would go nowhere. */
  replyNeedsAddress:
    "Tu cuenta no tiene correo y no hay un buzón compartido configurado: el cliente no podría responderte. Pide a un administrador que agregue tu correo en Usuarios.",
  messageRequired: "Escribe el mensaje",
  confirmDeleteMessage: "¿Está seguro de que desea eliminar este mensaje?",
  emptyList: "No se encontraron contactos con los criterios de búsqueda",
  noMessages: "No hay mensajes para mostrar",
  clientNotFound: "No existe ese contacto.",
  messageNotFound: "No existe ese mensaje.",
  emailTaken: "Ya existe un contacto con ese correo electrónico",
  notInReview: "Ese mensaje no está pendiente de revisión.",
  /** "Usar estos datos" on a message still waiting for review: it must be accepted first. */
  detailsInReview: "Acepta el mensaje antes de usar sus datos.",
  noSubmittedDetails: "Ese mensaje no trae datos distintos a los guardados.",
  lostReasonRequired: "Indica por qué se perdió",
  tooManyContacts: `Son demasiados contactos para cambiarlos a la vez (más de ${CRM_LIMITS.bulkMax.toLocaleString("es-EC")}): acota la búsqueda`,
  lostNoteRequired: "Describe el motivo",
  changedMeanwhile:
    "Otra persona cambió este contacto mientras lo veías. Revisa los datos actuales e inténtalo de nuevo.",
  unknownOwner: "Esa persona no existe o su cuenta está desactivada",
} as const;
