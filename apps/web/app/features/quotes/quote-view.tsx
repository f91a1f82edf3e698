import type { Quote } from "@app/shared";
import { PAYMENT_TERMS_LABELS } from "@app/shared/constants";
import { Download, LoaderCircle, Package, Send } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Notice } from "~/components/ui/notice";
import { errorMessage } from "~/lib/error-message";
import { formatDateTime } from "~/lib/format-date";
import { paths } from "~/lib/paths";
import { saveFile } from "~/lib/save-file";
import { formatDay } from "./quote-format";
import { QuoteLinesTable } from "./quote-lines-table";
import { QuoteTotals } from "./quote-totals";
import type { RunQuoteIntent } from "./quotes-actions";
import { downloadQuotePdf } from "./quotes-api";
import { SendQuoteDialog } from "./send-quote-dialog";

export type QuoteViewProps = { quote: Quote; run: RunQuoteIntent; onSent: (quote: Quote) => void };

/**
 * A quote once issued: it no longer changes. Its PDF, and `Enviar cotización` again while it waits
 * for the client's answer (with new links); its order once accepted.
 */
export function QuoteView({ quote, run, onSent }: QuoteViewProps) {
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const facts: [string, string][] = [
    ["Válida hasta", formatDay(quote.validUntil)],
    ["Condiciones de pago", PAYMENT_TERMS_LABELS[quote.paymentTerms]],
    ["Responsable", quote.ownerName],
    ...(quote.sentAt ? ([["Enviada el", formatDateTime(quote.sentAt)]] as [string, string][]) : []),
    ...(quote.answeredAt ? ([["Respondida el", formatDateTime(quote.answeredAt)]] as [string, string][]) : []),
  ];
  return (
    <div className="grid grid-cols-1 gap-6">
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      <dl className="grid gap-x-6 gap-y-2 rounded-2xl bg-white p-4 text-sm ring-1 ring-stone-200 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-stone-600">{term}</dt>
            <dd className="font-semibold text-leaf-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="cotizacion-lineas" className="grid grid-cols-1 gap-3">
        <h2 id="cotizacion-lineas" className="font-bold text-leaf-900 text-xl">
          Líneas
        </h2>
        <QuoteLinesTable lines={quote.lines} />
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby="cotizacion-notas" className="grid content-start gap-2">
          <h2 id="cotizacion-notas" className="font-bold text-leaf-900 text-xl">
            Notas de entrega
          </h2>
          <p className="whitespace-pre-line text-stone-800">{quote.deliveryNotes || "Sin notas de entrega."}</p>
        </section>
        <QuoteTotals idPrefix="cotizacion-totales" figures={quote} />
      </div>
      <div className="flex flex-wrap gap-3 md:justify-end">
        {quote.orderId !== null && (
          <Link to={paths.crmOrder(quote.orderId)} className={`${buttonStyles.secondary} min-h-11`}>
            <Package className="size-4" aria-hidden="true" />
            Ver pedido
          </Link>
        )}
        <button
          type="button"
          disabled={downloading}
          onClick={async () => {
            setProblem(null);
            setDownloading(true);
            try {
              saveFile(await downloadQuotePdf(quote.id));
            } catch (error) {
              setProblem(errorMessage(error));
            } finally {
              setDownloading(false);
            }
          }}
          className={`${buttonStyles.secondary} min-h-11`}
        >
          {downloading ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Download className="size-4" aria-hidden="true" />
          )}
          Descargar PDF
        </button>
        {quote.state === "enviada" && (
          <button type="button" onClick={() => setAsking(true)} className={`${buttonStyles.primary} min-h-11`}>
            <Send className="size-4" aria-hidden="true" />
            Enviar cotización
          </button>
        )}
      </div>
      <SendQuoteDialog
        open={asking}
        email={quote.client.email}
        number={quote.number}
        onClose={() => setAsking(false)}
        onConfirm={async () => onSent(await run({ intent: "send-quote", quoteId: quote.id, version: quote.version }))}
      />
    </div>
  );
}
