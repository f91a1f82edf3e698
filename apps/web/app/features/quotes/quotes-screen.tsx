import type { QuotePage } from "@app/shared";
import { QUOTE_STATE_LABELS } from "@app/shared/constants";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { DownloadButton } from "~/components/ui/download-button";
import { Notice } from "~/components/ui/notice";
import { Pagination } from "~/components/ui/pagination";
import { NewQuoteDialog } from "./new-quote-dialog";
import { QuoteStateFilter } from "./quote-state-filter";
import { exportQuotes, QUOTES_PAGE_SIZE } from "./quotes-api";
import { QuotesList } from "./quotes-list";
import { type QuotesQuery, quotesAddress } from "./quotes-query";

export type QuotesScreenProps = { query: QuotesQuery; page: QuotePage | null; problem: string | null };

/** `/crm/cotizaciones`: the quotes, newest first, by state; `Nueva cotización` asks for whom. */
export function QuotesScreen({ query, page, problem }: QuotesScreenProps) {
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <CrmPageHeader
        title="Cotizaciones"
        subtitle="Las cotizaciones en USD de cada cliente, del borrador a la respuesta"
        actions={
          <>
            <DownloadButton label="Exportar CSV" download={exportQuotes} />
            <button type="button" onClick={() => setChoosing(true)} className={`${buttonStyles.primary} min-h-11`}>
              <Plus className="size-4" aria-hidden="true" />
              Nueva cotización
            </button>
          </>
        }
      />
      <QuoteStateFilter current={query.state} />
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      {page &&
        (page.content.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-stone-700 ring-1 ring-stone-200">
            {query.state
              ? `No hay cotizaciones en estado ${QUOTE_STATE_LABELS[query.state]}.`
              : "Todavía no hay cotizaciones. Crea la primera con Nueva cotización."}
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-4">
            <QuotesList quotes={page.content} />
            <Pagination
              page={page.pageNumber}
              pageSize={QUOTES_PAGE_SIZE}
              totalElements={page.totalElements}
              totalPages={page.totalPages}
              isLastPage={page.isLastPage}
              label="Páginas de cotizaciones"
              onPageChange={(next) => navigate(quotesAddress({ ...query, page: next }))}
            />
          </div>
        ))}
      <NewQuoteDialog open={choosing} onClose={() => setChoosing(false)} />
    </>
  );
}
