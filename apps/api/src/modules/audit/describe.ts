import { type AuditAction, formatIvaPercent, formatPrice } from "@app/shared";
import {
  LOST_REASON_LABELS,
  type LostReason,
  type MessageStatus,
  ROLE_LABELS,
  STAGE_LABELS,
  STATUS_LABELS,
  type StaffRole,
  type Stage,
} from "@app/shared/constants";

// What an entry of the audit log changed, in the words `Auditoría` shows: the entry keeps facts
// (ids, codes), this turns them into a sentence when the log is read, with today's names.

type Details = Record<string, unknown>;
/** The staff names the sentences may need, by account id. */
export type StaffNames = Map<number, string>;

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const count = (value: unknown) => (typeof value === "number" ? value : undefined);
const stage = (value: unknown) => STAGE_LABELS[value as Stage] ?? text(value);

const FAILED_SIGN_IN: Record<string, string> = {
  wrong_password: "Contraseña incorrecta",
  unknown_user: "Usuario inexistente",
  disabled: "Cuenta desactivada",
  passkey: "Llave de acceso no reconocida",
};

/** "Desde un dispositivo conocido" for the entries that say which kind of device tried. */
const device = (details: Details) =>
  details.device === "conocido"
    ? "dispositivo conocido"
    : details.device === "desconocido"
      ? "dispositivo desconocido"
      : undefined;

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" · ") || null;

function owner(id: unknown, names: StaffNames) {
  if (id === null || id === undefined) return "Sin responsable";
  return names.get(Number(id)) ?? `cuenta #${String(id)}`;
}

function accountChange(details: Details) {
  const parts: string[] = [];
  if (typeof details.role === "string") parts.push(`Rol: ${ROLE_LABELS[details.role as StaffRole] ?? details.role}`);
  if (details.active === true) parts.push("Activada");
  if (details.active === false) parts.push("Desactivada");
  if (["jobTitle", "phone", "whatsapp"].some((key) => key in details)) parts.push("Firma");
  if ("email" in details) parts.push("Correo");
  if ("displayName" in details) parts.push("Nombre");
  return parts.join(" · ") || null;
}

function bulkChange(details: Details, names: StaffNames) {
  const changed = count(details.changed);
  const what =
    details.kind === "owner"
      ? `Responsable: ${owner(details.ownerId, names)}`
      : details.kind === "stage"
        ? `Etapa: ${stage(details.stage)}`
        : undefined;
  return join(what, changed === undefined ? undefined : `${changed} cambiados`);
}

/** A presentation's new price and IVA ("RVB-5L · $12,50 · IVA 15 %"), or what changed of it. */
function priceItemChange(details: Details) {
  const price = (key: string) => (text(details[key]) ? formatPrice(text(details[key]) ?? "") : undefined);
  const rate = (key: string) => (text(details[key]) ? formatIvaPercent(text(details[key]) ?? "") : undefined);
  const from = (label: string, before: string | undefined, after: string | undefined) =>
    after === undefined ? undefined : before === undefined ? `${label} ${after}` : `${label}: de ${before} a ${after}`;
  const others = Array.isArray(details.fields)
    ? details.fields.flatMap((field) => (typeof field === "string" && PRICE_ITEM_FIELDS[field]) || [])
    : [];
  return join(
    text(details.code),
    from("Precio de lista", price("oldPrice"), price("newPrice") ?? price("listPrice")),
    from("IVA", rate("oldIvaPercent"), rate("newIvaPercent") ?? rate("ivaPercent")),
    details.active === true ? "Activada" : details.active === false ? "Desactivada" : undefined,
    others.length > 0 ? `Cambió: ${others.join(", ")}` : undefined,
  );
}

/** The fields of a presentation other than its price, IVA and state, as `Catálogo de precios` names them. */
const PRICE_ITEM_FIELDS: Record<string, string> = {
  serviceTypeId: "producto",
  code: "código",
  size: "tamaño",
  unit: "unidad",
};

/** A company's fields as `Empresas` labels them. */
const COMPANY_FIELDS: Record<string, string> = {
  name: "nombre",
  ruc: "RUC",
  province: "provincia",
  canton: "cantón",
  address: "dirección",
  hectares: "hectáreas",
  varieties: "variedades",
  stemsPerWeek: "tallos por semana",
  markets: "mercados",
  notes: "notas",
};

/** A company by its name (and RUC), and which of its fields a change touched. */
function companyChange(details: Details) {
  const fields = Array.isArray(details.fields)
    ? details.fields.flatMap((field) => (typeof field === "string" && COMPANY_FIELDS[field]) || [])
    : [];
  return join(
    text(details.name),
    text(details.ruc) ? `RUC ${text(details.ruc)}` : undefined,
    fields.length > 0 ? `Cambió: ${fields.join(", ")}` : undefined,
  );
}

/** The sentence for one entry, or null when its label says it all. */
export function describeAudit(action: AuditAction, details: Details | null, names: StaffNames): string | null {
  if (!details) return null;
  switch (action) {
    case "client_stage_changed": {
      const lost = details.lostReason ? LOST_REASON_LABELS[details.lostReason as LostReason] : undefined;
      return join(`De ${stage(details.from)} a ${stage(details.to)}`, lost);
    }
    case "client_owner_changed":
      return `De ${owner(details.from, names)} a ${owner(details.to, names)}`;
    case "clients_bulk_changed":
      return bulkChange(details, names);
    case "clients_bulk_undone":
      return count(details.changed) === undefined ? null : `${count(details.changed)} devueltos`;
    case "message_status_changed":
      return join(
        `Nuevo estado: ${STATUS_LABELS[details.status as MessageStatus] ?? text(details.status)}`,
        text(details.reason),
      );
    case "client_deleted":
      return count(details.messages) === undefined ? null : `Con ${count(details.messages)} mensajes`;
    case "messages_exported":
      return join(
        details.per === "contacts" ? "Una fila por contacto" : undefined,
        count(details.rows) === undefined ? undefined : `${count(details.rows)} filas`,
        text(details.keyword) ? `Búsqueda: ${text(details.keyword)}` : undefined,
      );
    case "user_updated":
      return accountChange(details);
    case "login_failed":
      return join(FAILED_SIGN_IN[text(details.reason) ?? ""], device(details));
    case "login_throttled":
    case "second_factor_failed":
      return join(details.step === "enrolment" ? "Al agregar el segundo factor" : undefined, device(details));
    case "account_locked":
      return count(details.failures) === undefined ? null : `Tras ${count(details.failures)} intentos fallidos`;
    case "second_factor_added":
    case "second_factor_removed":
      return text(details.factor) ?? null;
    case "recovery_code_used":
      return count(details.remaining) === undefined ? null : `Quedan ${count(details.remaining)}`;
    case "session_ended":
      return count(details.sessions) === undefined ? null : `${count(details.sessions)} sesiones`;
    case "rate_limited":
      return text(details.limit) ?? null;
    case "site_item_created":
    case "site_item_published":
    case "site_item_restored":
    case "site_item_retired":
    case "reply_template_created":
    case "reply_template_updated":
    case "reply_template_deleted":
      return text(details.title) ?? text(details.name) ?? null;
    case "company_created":
    case "company_updated":
    case "company_deleted":
      return companyChange(details);
    case "company_merged":
      return join(
        `«${text(details.fromName) ?? "?"}» fusionada en «${text(details.name) ?? "?"}»`,
        count(details.people) === undefined
          ? undefined
          : `${count(details.people)} ${count(details.people) === 1 ? "persona" : "personas"}`,
      );
    case "company_person_linked":
      return join(text(details.name), text(details.fromName) ? `Antes en «${text(details.fromName)}»` : undefined);
    case "company_person_unlinked":
      return text(details.name) ?? null;
    case "quote_created":
    case "quote_updated":
    case "quote_sent":
    case "order_created":
    case "order_changed":
      return join(
        text(details.number),
        text(details.total) ? `Total ${formatPrice(text(details.total) ?? "")}` : undefined,
        text(details.state),
      );
    case "quote_answered":
      return join(
        text(details.number),
        details.answer === "accept" ? "Aceptada por el cliente" : "Rechazada por el cliente",
      );
    case "price_item_created":
    case "price_item_updated":
      return priceItemChange(details);
    case "leads_retention":
      return count(details.clients) === undefined
        ? null
        : `${count(details.clients)} contactos, ${count(details.messages) ?? 0} mensajes`;
    default:
      return null;
  }
}

/** The account ids a page of entries names, so their names are read in one query. */
export function staffIdsOf(entries: { action: AuditAction; details: Details | null }[]) {
  const ids = new Set<number>();
  for (const { action, details } of entries) {
    if (!details) continue;
    if (action === "client_owner_changed") {
      for (const id of [details.from, details.to]) if (typeof id === "number") ids.add(id);
    }
    if (action === "clients_bulk_changed" && typeof details.ownerId === "number") ids.add(details.ownerId);
  }
  return [...ids];
}
