import { z } from "zod";
import { CONTACT_LIMITS, hasNoControlCharacters, isWellFormedText } from "../contact-rules.ts";
import {
  CRM_LIMITS,
  CRM_MESSAGES as M,
  MESSAGE_ORIGINS,
  MESSAGE_STATUSES,
  MESSAGE_VIEWS,
  REPLY_CHANNELS,
  SEARCH_FIELDS,
  STAGES,
} from "../crm-rules.ts";
import { longText, pagedSchema } from "./common.ts";
import {
  companyField,
  countryCodeField,
  emailField,
  firstNameField,
  lastNameField,
  messageField,
  phoneNumberField,
} from "./contact.ts";
import { pipelineSchema } from "./pipeline.ts";

// The CRM's calls (spec sections 3 and 7, issue 5): API clients and tests rely on these shapes.

const messageStatusSchema = z.enum(MESSAGE_STATUSES);

const contactSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  countryCode: z.string(),
  /** Country code and number joined, as the contact form sends it. */
  phone: z.string(),
  company: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

const serviceRefSchema = z.object({ id: z.number().int(), title: z.string() });

/**
 * What a returning sender typed in the public form where it differed from the contact as stored
 * (decision 040): kept with the message, never written over the contact until staff choose to.
 */
export const submittedDetailsSchema = contactSchema.omit({ id: true });
export type SubmittedDetails = z.infer<typeof submittedDetailsSchema>;

/** One message as the CRM shows it: the spec's fields plus its state. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  messageDescription: z.string(),
  createdAt: z.string(),
  /** The first service's id (the spec's single-service shape); null for a note without services. */
  serviceTypeId: z.number().int().nullable(),
  /** The services' titles joined by ", ". */
  serviceDescription: z.string(),
  services: z.array(serviceRefSchema),
  status: messageStatusSchema,
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** How the reply went out (email, or WhatsApp as staff confirmed); null while there is none. */
  replyChannel: z.enum(REPLY_CHANNELS).nullable(),
  rejectionReason: z.string().nullable(),
  origin: z.enum(MESSAGE_ORIGINS),
  /** Kept apart for review (spam suspicion) and not yet accepted. */
  inReview: z.boolean(),
  reviewReasons: z.array(z.string()),
  /** The details the form brought when they differed from the stored contact's; null otherwise. */
  submittedDetails: submittedDetailsSchema.nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/**
 * A row of the list: a client with their newest messages (at most CRM_LIMITS.messagesPerGroup);
 * in a search by message or service, the messages it matched come first.
 */
const contactMessageGroupSchema = z.object({
  client: contactSchema,
  messages: z.array(contactMessageSchema),
  /** Stage and owner (a disabled account shows as nobody), and since when the oldest unanswered message waits. */
  pipeline: pipelineSchema.pick({ stage: true, owner: true }).extend({ waitingSince: z.string().nullable() }),
});
export type ContactMessageGroup = z.infer<typeof contactMessageGroupSchema>;

/** The paged answer; `totalIsExact` is false when a broad search stopped counting at the cap. */
export const contactMessagePageSchema = pagedSchema(contactMessageGroupSchema).extend({ totalIsExact: z.boolean() });
export type ContactMessagePage = z.infer<typeof contactMessagePageSchema>;

const page = z.coerce.number().int().min(0).max(1_000_000).default(0);
const size = z.coerce.number().int().min(1).max(CRM_LIMITS.pageSizeMax).default(10);
/** Newest first by default (spec section 4): groups are ordered by their newest message. */
const sort = z.enum(["createdAt,desc", "createdAt,asc"]).default("createdAt,desc");
const view = z.enum(MESSAGE_VIEWS).default("main");
const id = z.coerce.number().int().min(1).max(2_147_483_647);

/**
 * The follow-up filters of the contacts screen, combined with the search: whose contacts (`me`,
 * `none` = Sin responsable, or a staff id), which stage, and `Sin respuesta hace más de N días`.
 */
const contactFilters = {
  owner: z.union([z.enum(["me", "none"]), id], { error: "Responsable no válido" }).optional(),
  /** The people of one company (`Empresas`, issue 33). */
  companyId: z.coerce.number({ error: "Empresa no válida" }).int().min(1).max(2_147_483_647).optional(),
  stage: z.enum(STAGES, { error: "Etapa no válida" }).optional(),
  waitingDays: z.coerce
    .number({ error: "Indica un número de días" })
    .int({ error: "Indica un número entero de días" })
    .min(1, { error: "Indica al menos 1 día" })
    .max(CRM_LIMITS.waitingDaysMax, { error: `Indica como máximo ${CRM_LIMITS.waitingDaysMax} días` })
    .optional(),
};

/** `GET /api/client-message`. */
export const contactMessageListQuerySchema = z.object({
  page,
  size,
  sort,
  view,
  clientId: id.optional(),
  serviceTypeId: id.optional(),
  ...contactFilters,
});

const keyword = z
  .string()
  .max(CRM_LIMITS.keyword)
  .refine(hasNoControlCharacters, { error: "La búsqueda contiene caracteres no válidos" })
  .refine(isWellFormedText, { error: "La búsqueda contiene caracteres no válidos" })
  .transform((text) => text.trim().normalize("NFC"));

/** `POST /api/client-message/search` (an empty keyword lists everything). */
export const contactMessageSearchSchema = z.strictObject({
  keyword: keyword.default(""),
  field: z.enum(SEARCH_FIELDS).default("all"),
  page,
  size,
  sort,
  view,
  ...contactFilters,
});

/** The contacts a search and its filters find, without paging: what an export or a bulk action covers. */
const selection = {
  keyword: keyword.default(""),
  field: z.enum(SEARCH_FIELDS).default("all"),
  view,
  ...contactFilters,
};
export const contactSelectionSchema = z.strictObject(selection);
export type ContactSelection = z.input<typeof contactSelectionSchema>;
export type ContactFilters = Pick<z.output<typeof contactSelectionSchema>, "owner" | "stage" | "waitingDays">;

/** What a line of the CSV export is: a contact (the sales report) or one of their messages. */
export const EXPORT_ROWS = ["messages", "contacts"] as const;
export type ExportRows = (typeof EXPORT_ROWS)[number];

/**
 * `GET /api/client-message/export`: the current search as CSV, or only the rows picked (`ids=3,8,21`);
 * `rows=contacts` for one line per contact, one per message by default (as the export always was).
 */
export const contactMessageExportQuerySchema = z.object({
  ...selection,
  rows: z.enum(EXPORT_ROWS, { error: "Indica messages o contacts" }).default("messages"),
  ids: z
    .string()
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${CRM_LIMITS.pageSizeMax - 1}}$`), {
      error: "Indica los contactos como números separados por comas",
    })
    .transform((list) => list.split(",").map(Number))
    .optional(),
});

/** `GET /api/client-message/counts`: how many contacts each filter of the main list holds. */
export const contactCountsQuerySchema = z.object({ waitingDays: contactFilters.waitingDays });

export const contactCountsSchema = z.object({
  all: z.number().int(),
  mine: z.number().int(),
  unowned: z.number().int(),
  stages: z.record(z.enum(STAGES), z.number().int()),
  owners: z.array(z.object({ id: z.number().int(), count: z.number().int() })),
  /** Contacts with a message unanswered for more than `waitingDays` days. */
  waiting: z.number().int(),
  waitingDays: z.number().int(),
});
export type ContactCounts = z.infer<typeof contactCountsSchema>;

export const idParamsSchema = z.object({ id });

/** A contact's details as staff type them: the public form's rules, without consent. */
export const contactFieldsSchema = z.strictObject({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  countryCode: countryCodeField,
  /** The number without the country code (9 or 10 digits); stored joined to it. */
  phone: phoneNumberField,
  company: companyField,
});

const serviceTypeIds = z.array(id).max(CONTACT_LIMITS.services).default([]);

/** `POST /api/clients`: Nuevo Contacto, optionally with a first message (e.g. a phone call). */
export const newContactSchema = contactFieldsSchema
  .extend({ message: messageField.optional(), serviceTypeIds })
  .refine((input) => input.serviceTypeIds.length === 0 || Boolean(input.message), {
    path: ["message"],
    error: "Escribe el mensaje sobre esos productos o servicios",
  });
export type NewContactInput = z.input<typeof newContactSchema>;

/** `POST /api/clients/:id/messages`: a note staff add to a contact. */
export const newMessageSchema = z.strictObject({
  message: messageField.pipe(z.string().min(1, { error: M.messageRequired })),
  serviceTypeIds,
});
export type NewMessageInput = z.input<typeof newMessageSchema>;

/** `PATCH /api/client-message/:id`. */
export const updateMessageSchema = z.strictObject({
  message: messageField.pipe(z.string().min(1, { error: M.messageRequired })).optional(),
  serviceTypeIds: z.array(id).max(CONTACT_LIMITS.services).optional(),
});

/** `POST /api/client-message/:id/status`: Rechazado needs a reason. */
export const statusChangeSchema = z
  .strictObject({ status: messageStatusSchema, reason: longText(CRM_LIMITS.reason, M.reasonRequired).optional() })
  .refine((change) => change.status !== "rechazado" || Boolean(change.reason), {
    path: ["reason"],
    error: M.reasonRequired,
  });
export type StatusChangeInput = z.input<typeof statusChangeSchema>;

/** `POST /api/client-message/:id/reply`: emailed to the client, status becomes Respondido. */
export const replySchema = z.strictObject({ reply: longText(CRM_LIMITS.reply, M.replyRequired) });

/** `GET /api/clients/:id`: the contact and all their messages, newest first. */
export const contactDetailSchema = z.object({
  client: contactSchema.extend({ createdAt: z.string(), updatedAt: z.string() }),
  pipeline: pipelineSchema,
  messages: z.array(contactMessageSchema),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;
