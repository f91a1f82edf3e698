import type {
  BulkChangeInput,
  BulkResult,
  ContactCounts,
  ContactDetail,
  ContactMessage,
  ContactMessagePage,
  ContactSelection,
  ExportRows,
  NewContactInput,
  NewMessageInput,
  ServiceType,
  StatusChangeInput,
} from "@app/shared";
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT } from "@app/shared/constants";
import { apiRequest, authRequest, type DownloadedFile } from "~/lib/api-client";
import { type ContactsQuery, filtersForApi } from "./contacts-query";

// The CRM's contact and message calls (docs/decisions/015-crm-data.md); every one needs a staff token.

/** The list as the URL asks for it: `GET /api/client-message` without a keyword, the search with one. */
export function loadContacts(query: ContactsQuery, signal?: AbortSignal) {
  const common = {
    page: query.page,
    size: DEFAULT_PAGE_SIZE,
    sort: DEFAULT_SORT,
    view: query.view,
    ...filtersForApi(query),
  };
  if (query.keyword === "") {
    const params = new URLSearchParams(Object.entries(common).map(([key, value]) => [key, String(value)]));
    return authRequest<ContactMessagePage>(`/client-message?${params}`, { signal });
  }
  return authRequest<ContactMessagePage>("/client-message/search", {
    method: "POST",
    body: { ...common, keyword: query.keyword, field: query.field },
    signal,
  });
}

/**
 * `GET /api/client-message/export`: the current search as CSV (every page), or only rows `ids`;
 * a line per contact or per message.
 */
export function exportContacts(query: ContactsQuery, rows: ExportRows, ids?: number[]) {
  const params = new URLSearchParams(Object.entries(selectionOf(query)).map(([key, value]) => [key, String(value)]));
  params.set("rows", rows);
  if (ids) params.set("ids", ids.join(","));
  return authRequest<DownloadedFile>(`/client-message/export?${params}`, { file: true });
}

/** Every contact the search and filters of `query` find, whatever the page: what a bulk action covers. */
export const selectionOf = (query: ContactsQuery): ContactSelection => ({
  keyword: query.keyword,
  field: query.field,
  view: query.view,
  ...filtersForApi(query),
});

/** `GET /api/client-message/counts`: how many contacts each filter holds. */
export const loadContactCounts = (waitingDays: number, signal?: AbortSignal) =>
  authRequest<ContactCounts>(`/client-message/counts?waitingDays=${waitingDays}`, { signal });

/** `POST /api/clients/bulk`: one owner or stage for the rows picked or every result. */
export const changeContacts = (body: BulkChangeInput) =>
  authRequest<BulkResult>("/clients/bulk", { method: "POST", body });

/** `Deshacer` of a bulk change, by the `undoId` its answer gave. */
export const undoContactsChange = (undoId: string) =>
  authRequest<BulkResult>("/clients/bulk/undo", { method: "POST", body: { undoId } });

export const getContact = (id: number) => authRequest<ContactDetail>(`/clients/${id}`);

export type ContactFieldsBody = Omit<NewContactInput, "message" | "serviceTypeIds">;

export const createContact = (body: NewContactInput) =>
  authRequest<ContactDetail>("/clients", { method: "POST", body });

export const updateContact = (id: number, body: ContactFieldsBody) =>
  authRequest<ContactDetail>(`/clients/${id}`, { method: "PATCH", body });

export const deleteContact = (id: number) => authRequest<void>(`/clients/${id}`, { method: "DELETE" });

/** LOPDP access: everything stored about the person, as a JSON file. */
export const exportContactData = (id: number) =>
  authRequest<DownloadedFile>(`/clients/${id}/data-export`, { file: true });

/** LOPDP erasure: personal data replaced, statistics kept. */
export const anonymiseContact = (id: number) =>
  authRequest<ContactDetail>(`/clients/${id}/anonymise`, { method: "POST" });

export const addMessage = (contactId: number, body: NewMessageInput) =>
  authRequest<ContactMessage>(`/clients/${contactId}/messages`, { method: "POST", body });

export const updateMessage = (id: number, body: { message?: string; serviceTypeIds?: number[] }) =>
  authRequest<ContactMessage>(`/client-message/${id}`, { method: "PATCH", body });

/** Also "Descartar" in the review view. */
export const deleteMessage = (id: number) => authRequest<void>(`/client-message/${id}`, { method: "DELETE" });

export const changeStatus = (id: number, body: StatusChangeInput) =>
  authRequest<ContactMessage>(`/client-message/${id}/status`, { method: "POST", body });

/** Stored, emailed to the contact through the outbox, and the status becomes Respondido. */
export const replyToMessage = (id: number, reply: string) =>
  authRequest<ContactMessage>(`/client-message/${id}/reply`, { method: "POST", body: { reply } });

/** Staff sent the reply from their own WhatsApp: recorded like a reply (Respondido), no email sent. */
export const recordWhatsappReply = (id: number, reply: string) =>
  authRequest<ContactMessage>(`/client-message/${id}/whatsapp-reply`, { method: "POST", body: { reply } });

/** A message kept for review joins the main list. */
export const acceptMessage = (id: number) =>
  authRequest<ContactMessage>(`/client-message/${id}/accept`, { method: "POST" });

/** `Usar estos datos`: the details a returning sender typed with message `id` become the contact's. */
export const applyMessageDetails = (id: number) =>
  authRequest<ContactDetail>(`/client-message/${id}/use-details`, { method: "POST" });

let serviceTypes: Promise<ServiceType[]> | undefined;

/**
 * `GET /api/service-types` for the route's loader: the seeded titles staff can attach to a message.
 * They do not change while the CRM is open, so they are asked once per page load (again after a
 * failure) rather than with every search.
 */
export function loadServiceTypes() {
  serviceTypes ??= apiRequest<ServiceType[]>("/service-types").catch((error: unknown) => {
    serviceTypes = undefined;
    throw error;
  });
  return serviceTypes;
}
