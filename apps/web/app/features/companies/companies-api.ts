import type {
  Company,
  CompanyChangeInput,
  CompanyDetail,
  CompanyLinkResult,
  CompanyMergeResult,
  CompanyPage,
  CompanySuggestions,
  ContactMessagePage,
  NewCompanyInput,
} from "@app/shared";
import { authRequest } from "~/lib/api-client";

// `Empresas`: the calls of the list, a company's page and the contact dialog's company section.

export const COMPANIES_PAGE_SIZE = 20;

export function loadCompanies(q: string, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ q, page: String(page), size: String(COMPANIES_PAGE_SIZE) });
  return authRequest<CompanyPage>(`/companies?${params}`, { signal });
}

export const loadCompany = (id: number, signal?: AbortSignal) =>
  authRequest<CompanyDetail>(`/companies/${id}`, { signal });

export const createCompany = (body: NewCompanyInput) => authRequest<Company>("/companies", { method: "POST", body });

export const changeCompany = (id: number, body: CompanyChangeInput) =>
  authRequest<Company>(`/companies/${id}`, { method: "PATCH", body });

export const deleteCompany = (id: number) => authRequest<void>(`/companies/${id}`, { method: "DELETE" });

export const linkPerson = (companyId: number, clientId: number) =>
  authRequest<CompanyLinkResult>(`/companies/${companyId}/people`, { method: "POST", body: { clientId } });

export const unlinkPerson = (companyId: number, clientId: number) =>
  authRequest<void>(`/companies/${companyId}/people/${clientId}`, { method: "DELETE" });

export const mergeCompanies = (keptId: number, fromId: number) =>
  authRequest<CompanyMergeResult>(`/companies/${keptId}/merge`, { method: "POST", body: { fromId } });

export const loadCompanySuggestions = (clientId: number, signal?: AbortSignal) =>
  authRequest<CompanySuggestions>(`/companies/suggestions?clientId=${clientId}`, { signal });

/** `Agregar persona`: contacts by name, email, phone or company, through the contacts' own search. */
export const searchContacts = (keyword: string, signal?: AbortSignal) =>
  authRequest<ContactMessagePage>("/client-message/search", {
    method: "POST",
    body: { keyword, field: "all", page: 0, size: 8 },
    signal,
  });
