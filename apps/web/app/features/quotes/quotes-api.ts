import type { ContactDetail, ContactMessagePage, PriceItem, Quote, QuotePage } from "@app/shared";
import { authRequest, type DownloadedFile } from "~/lib/api-client";
import type { QuoteFields } from "./quote-draft";
import type { QuotesQuery } from "./quotes-query";

// `Cotizaciones` (issue 33): staff and administrators. A draft changes with the version it was
// loaded at (409 with the quote as it is now when someone changed it meanwhile, or sent it).

export const QUOTES_PAGE_SIZE = 20;

export function loadQuotes(query: QuotesQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(query.page), size: String(QUOTES_PAGE_SIZE) });
  if (query.state) params.set("state", query.state);
  return authRequest<QuotePage>(`/quotes?${params}`, { signal });
}

export const loadQuote = (id: number, signal?: AbortSignal) => authRequest<Quote>(`/quotes/${id}`, { signal });

/** A draft for the contact's current opportunity. */
export const createQuote = (clientId: number, fields: QuoteFields) =>
  authRequest<Quote>("/quotes", { method: "POST", body: { clientId, ...fields } });

export const updateQuote = (id: number, fields: QuoteFields, version: number) =>
  authRequest<Quote>(`/quotes/${id}`, { method: "PUT", body: { ...fields, version } });

/** Numbers a draft and emails it with its PDF; an `Enviada` quote goes again, with new links. */
export const sendQuote = (id: number, version: number) =>
  authRequest<Quote>(`/quotes/${id}/send`, { method: "POST", body: { version } });

/** `Exportar CSV`: every quote, one line each (the API streams it). */
export const exportQuotes = () => authRequest<DownloadedFile>("/quotes/export", { file: true });

export const downloadQuotePdf = (id: number) => authRequest<DownloadedFile>(`/quotes/${id}/pdf`, { file: true });

/** The catalogue's presentations on offer, to quote from. */
export const loadQuotablePriceItems = (signal?: AbortSignal) =>
  authRequest<PriceItem[]>("/price-items?active=true", { signal });

/** Who the quote is for. */
export const loadQuoteContact = (id: number, signal?: AbortSignal) =>
  authRequest<ContactDetail>(`/clients/${id}`, { signal });

/** The contacts whose name, email, phone or company has `keyword` (the newest first without one). */
export const searchQuoteContacts = (keyword: string, signal?: AbortSignal) =>
  authRequest<ContactMessagePage>("/client-message/search", {
    method: "POST",
    body: { keyword, field: "all", page: 0, size: 8 },
    signal,
  });
