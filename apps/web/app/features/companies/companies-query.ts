import { COMPANY_LIMITS } from "@app/shared";

// Where `Empresas` is, kept in the address so a reload and the back button come back to it:
// `?busqueda=rosas&pagina=2`. Pages count from 1 in the address and from 0 for the API.

export type CompaniesQuery = { keyword: string; page: number };

const MAX_PAGE = 100_000;

export function parseCompaniesQuery(params: URLSearchParams): CompaniesQuery {
  const keyword = (params.get("busqueda") ?? "").trim().slice(0, COMPANY_LIMITS.keyword);
  const page = Number(params.get("pagina"));
  return { keyword, page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page - 1 : 0 };
}

export function formatCompaniesQuery({ keyword, page }: CompaniesQuery) {
  const params = new URLSearchParams();
  if (keyword) params.set("busqueda", keyword);
  if (page > 0) params.set("pagina", String(page + 1));
  const search = params.toString();
  return search ? `?${search}` : "";
}
