import type { CompanyPage } from "@app/shared";
import { COMPANY_LIMITS } from "@app/shared";
import { SEARCH_DEBOUNCE_MS } from "@app/shared/constants";
import { Building2, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Notice } from "~/components/ui/notice";
import { Pagination } from "~/components/ui/pagination";
import { paths } from "~/lib/paths";
import { COMPANIES_PAGE_SIZE } from "./companies-api";
import { CompaniesList } from "./companies-list";
import { type CompaniesQuery, formatCompaniesQuery } from "./companies-query";
import { NewCompanyDialog } from "./new-company-dialog";

export type CompaniesScreenProps = {
  query: CompaniesQuery;
  page: CompanyPage | null;
  /** Why the list could not be loaded; the search box still works. */
  problem: string | null;
};

const searchControl =
  "min-h-11 w-full rounded-xl bg-white py-2 pr-3 pl-10 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 focus:outline-none focus:ring-2 focus:ring-leaf-600";

/** `Empresas`: search by name or RUC, `Nueva empresa`, and the companies by name, a page at a time. */
export function CompaniesScreen({ query, page, problem }: CompaniesScreenProps) {
  const navigate = useNavigate();
  const loading = useNavigation().state === "loading";
  const [creating, setCreating] = useState(false);
  const go = (next: CompaniesQuery) => navigate(`${paths.crmCompanies}${formatCompaniesQuery(next)}`);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox keyword={query.keyword} onSearch={(keyword) => go({ keyword, page: 0 })} />
        <button type="button" onClick={() => setCreating(true)} className={`${buttonStyles.primary} min-h-11 shrink-0`}>
          <Building2 className="size-4" aria-hidden="true" />
          Nueva empresa
        </button>
      </div>
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      {page && (
        <section aria-label="Resultados" aria-busy={loading} className={`grid gap-4 ${loading ? "opacity-60" : ""}`}>
          {page.content.length === 0 ? (
            <p className="rounded-2xl bg-white p-6 text-center text-stone-700 ring-1 ring-stone-200">
              {query.keyword
                ? `No hay empresas que coincidan con «${query.keyword}».`
                : "Todavía no hay empresas. Crea la primera con «Nueva empresa»."}
            </p>
          ) : (
            <CompaniesList companies={page.content} />
          )}
          {page.totalElements > 0 && (
            <Pagination
              page={page.pageNumber}
              pageSize={COMPANIES_PAGE_SIZE}
              totalElements={page.totalElements}
              totalPages={page.totalPages}
              isLastPage={page.isLastPage}
              onPageChange={(next) => go({ keyword: query.keyword, page: next })}
              label="Páginas de empresas"
            />
          )}
        </section>
      )}
      <NewCompanyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(company) => {
          setCreating(false);
          navigate(paths.crmCompany(company.id));
        }}
      />
    </div>
  );
}

/** Searches 300 ms after the last key, and at once on Enter; the address keeps the search. */
function SearchBox({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState(keyword);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef(keyword);
  // The address changed by itself (back button): the box shows what is searched.
  useEffect(() => {
    if (keyword === asked.current) return;
    asked.current = keyword;
    clearTimeout(timer.current);
    setText(keyword);
  }, [keyword]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (typed: string) => {
    clearTimeout(timer.current);
    const next = typed.trim();
    if (next === asked.current) return;
    asked.current = next;
    onSearch(next);
  };
  return (
    <search className="min-w-0 flex-1">
      <form
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          commit(text);
        }}
      >
        <label htmlFor="empresas-busqueda" className="sr-only">
          Buscar empresa
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
          aria-hidden="true"
        />
        <input
          id="empresas-busqueda"
          type="search"
          placeholder="Buscar por nombre o RUC..."
          autoComplete="off"
          maxLength={COMPANY_LIMITS.keyword}
          value={text}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
          }}
          className={searchControl}
        />
      </form>
    </search>
  );
}
