import type { PriceItem, Quote } from "@app/shared";
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS, type PaymentTerms, SALES_LIMITS } from "@app/shared/constants";
import { Plus } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { BlockedLeaveConfirm } from "~/components/ui/leave-confirm";
import { Notice } from "~/components/ui/notice";
import { useLeaveGuard } from "~/lib/unsaved-changes";
import type { LineField } from "./quote-draft";
import { QuoteEditorActions } from "./quote-editor-actions";
import { addDays } from "./quote-format";
import { groupByProduct, lineFieldId, QuoteLineFields } from "./quote-line-fields";
import { ProblemSummary } from "./quote-problem-summary";
import { figuresOf, QuoteTotals } from "./quote-totals";
import type { RunQuoteIntent } from "./quotes-actions";
import { SendQuoteDialog } from "./send-quote-dialog";
import { useQuoteEditor } from "./use-quote-editor";

const LINE_FIELDS: LineField[] = ["priceItemId", "quantity", "unitPrice", "discountPercent"];
const TOP_FIELDS = ["validUntil", "paymentTerms", "deliveryNotes"] as const;
const topId = (field: (typeof TOP_FIELDS)[number]) => `cotizacion-${field}`;
const ADD_LINE_ID = "cotizacion-agregar-linea";

export type QuoteEditorProps = {
  /** The stored draft; null: a new quote for `clientId`. */
  quote: Quote | null;
  clientId: number;
  /** Where it is emailed, for the question before sending. */
  email: string;
  items: PriceItem[];
  run: RunQuoteIntent;
  onCreated: (quote: Quote) => void;
  onSent: (quote: Quote) => void;
  /** Whether the screen holds changes not stored yet, each time that changes. */
  onDirtyChange?: (dirty: boolean) => void;
  /**
   * Someone issued this draft while it held unsaved changes here: the form stays, with what was
   * typed, and says so; `onLeaveIssued` shows the issued quote.
   */
  issued?: Quote | null;
  onLeaveIssued?: () => void;
};

/**
 * A new quote or a draft: its lines with live subtotals and totals (exact, as the API computes
 * them), validity, payment terms and delivery notes; `Guardar borrador`, `Enviar cotización` (which
 * saves first and asks, naming the recipient) and `Descargar PDF`. Leaving with unsaved changes asks.
 */
export function QuoteEditor({
  quote,
  clientId,
  email,
  items,
  run,
  onCreated,
  onSent,
  onDirtyChange,
  issued = null,
  onLeaveIssued,
}: QuoteEditorProps) {
  const dirtyNow = useRef(false);
  const { question, allow } = useLeaveGuard(() => dirtyNow.current);
  const editor = useQuoteEditor({
    quote,
    clientId,
    items,
    run,
    // The new quote's own address: nothing is unsaved any more, though no render has said so yet.
    onCreated: (saved) => {
      allow();
      onCreated(saved);
    },
  });
  dirtyNow.current = editor.dirty;
  useEffect(() => {
    onDirtyChange?.(editor.dirty);
  }, [editor.dirty, onDirtyChange]);
  const { draft, amounts, errorAt, busy } = editor;
  const groups = useMemo(() => groupByProduct(items), [items]);
  const [sending, setSending] = useState<Quote | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  // A refused save: the summary of what to fix takes the focus, and is read out.
  useEffect(() => {
    if (editor.refusals > 0) summaryRef.current?.focus();
  }, [editor.refusals]);
  // A line added or removed: the focus goes to its presentation, or to `Agregar línea`.
  useEffect(() => {
    if (focusKey === null) return;
    document.getElementById(focusKey === ADD_LINE_ID ? ADD_LINE_ID : lineFieldId(focusKey, "priceItemId"))?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const idOfPath = (path: string) => {
    const [head, index, field] = path.split(".");
    if (head === "lines" && index !== undefined && field) {
      const line = draft.lines[Number(index)];
      return line ? lineFieldId(line.key, field as LineField) : undefined;
    }
    if (head === "lines") return ADD_LINE_ID;
    return (TOP_FIELDS as readonly string[]).includes(path) ? topId(path as (typeof TOP_FIELDS)[number]) : undefined;
  };
  const orderedPaths = [
    ...draft.lines.flatMap((_, index) => LINE_FIELDS.map((field) => `lines.${index}.${field}`)),
    "lines",
    ...TOP_FIELDS,
    ...Object.keys(editor.serverErrors),
  ];
  const summaryItems = [...new Set(orderedPaths)].flatMap((path) => {
    const message = errorAt(path);
    if (!message) return [];
    const lineNumber = path.startsWith("lines.") ? Number(path.split(".")[1]) + 1 : null;
    return [{ path, targetId: idOfPath(path), text: lineNumber ? `Línea ${lineNumber} · ${message}` : message }];
  });

  const topError = (field: (typeof TOP_FIELDS)[number]) => errorAt(field);
  const topControl = (field: (typeof TOP_FIELDS)[number]) => ({
    id: topId(field),
    "aria-invalid": Boolean(topError(field)),
    "aria-describedby": describedBy(topId(field), { error: topError(field), hint: field !== "paymentTerms" }),
    onBlur: () => editor.leave(field),
    className: inputStyles(Boolean(topError(field))),
  });

  const startSend = async () => {
    const stored = await editor.prepareSend();
    if (stored) setSending(stored);
  };

  return (
    <form
      noValidate
      aria-label="Cotización"
      aria-busy={busy !== null}
      onSubmit={(event) => {
        event.preventDefault();
        void editor.save();
      }}
      // On a phone, a field that takes the focus stops above the bar of buttons stuck to the bottom.
      className="grid grid-cols-1 gap-6 max-md:[&_:is(input,select,textarea,button)]:scroll-mb-36"
    >
      {editor.summaryShown && summaryItems.length > 0 && <ProblemSummary ref={summaryRef} items={summaryItems} />}
      {editor.outcome && (
        <Notice tone={editor.outcome.tone}>
          <p>{editor.outcome.text}</p>
        </Notice>
      )}
      {issued && (
        <Notice tone="problem">
          <p>
            Otra persona envió esta cotización{issued.number ? ` (${issued.number})` : ""} mientras la editabas: tus
            cambios de abajo no se guardaron y ya no pueden guardarse en ella. Cópialos si los necesitas para una nueva
            cotización.
          </p>
          <button type="button" onClick={onLeaveIssued} className={`${buttonStyles.secondary} min-h-11 w-fit`}>
            Ver la cotización enviada
          </button>
        </Notice>
      )}
      {/* Also once issued meanwhile: a save tried then is refused, and says why. */}
      {editor.conflict && (
        <Notice tone="problem">
          <p>{editor.conflict}</p>
          {!issued && quote && quote.version !== editor.stored?.version && (
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                onClick={() => editor.takeTheirs(quote)}
                className={`${buttonStyles.secondary} min-h-11`}
              >
                Ver la versión actual
              </button>
              <button
                type="button"
                onClick={() => editor.keepMine(quote)}
                className={`${buttonStyles.secondary} min-h-11`}
              >
                Mantener mis cambios
              </button>
            </div>
          )}
        </Notice>
      )}

      <section aria-labelledby="cotizacion-lineas" className="grid grid-cols-1 gap-3">
        <h2 id="cotizacion-lineas" className="font-bold text-leaf-900 text-xl">
          Líneas
        </h2>
        {items.length === 0 && (
          <Notice tone="problem">
            <p>
              El catálogo de precios no tiene presentaciones activas: un administrador las agrega en Catálogo de
              precios.
            </p>
          </Notice>
        )}
        <ol className="grid grid-cols-1 gap-3">
          {draft.lines.map((line, index) => (
            <li key={line.key}>
              <QuoteLineFields
                index={index}
                line={line}
                groups={groups}
                item={line.priceItemId === null ? undefined : editor.itemsById.get(line.priceItemId)}
                storedDescription={quote?.lines.find((stored) => stored.priceItemId === line.priceItemId)?.description}
                errors={Object.fromEntries(LINE_FIELDS.map((field) => [field, errorAt(`lines.${index}.${field}`)]))}
                subtotalCents={amounts.lineSubtotals[index] ?? null}
                onChange={(field, value) => editor.setLineField(index, field, value)}
                onLeave={(field) => editor.leave(`lines.${index}.${field}`)}
                onRemove={
                  draft.lines.length > 1
                    ? () => {
                        const neighbour = draft.lines[index + 1] ?? draft.lines[index - 1];
                        editor.removeLine(index);
                        setFocusKey(neighbour?.key ?? ADD_LINE_ID);
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </ol>
        <div className="grid gap-1">
          <button
            id={ADD_LINE_ID}
            type="button"
            disabled={draft.lines.length >= SALES_LIMITS.lines}
            aria-describedby={errorAt("lines") ? `${ADD_LINE_ID}-error` : undefined}
            onClick={() => setFocusKey(editor.addLine())}
            className={`${buttonStyles.secondary} min-h-11 w-fit`}
          >
            <Plus className="size-4" aria-hidden="true" />
            Agregar línea
          </button>
          {errorAt("lines") && (
            <p id={`${ADD_LINE_ID}-error`} className="font-medium text-red-700 text-sm">
              {errorAt("lines")}
            </p>
          )}
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby="cotizacion-condiciones" className="grid gap-3">
          <h2 id="cotizacion-condiciones" className="font-bold text-leaf-900 text-xl">
            Condiciones
          </h2>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field
              id={topId("validUntil")}
              label="Válida hasta"
              error={topError("validUntil")}
              hint={`Hasta ${SALES_LIMITS.validityMaxDays} días desde hoy.`}
            >
              <input
                {...topControl("validUntil")}
                type="date"
                required
                min={editor.today}
                max={addDays(editor.today, SALES_LIMITS.validityMaxDays)}
                value={draft.validUntil}
                onChange={(event) => editor.setField("validUntil", event.target.value)}
              />
            </Field>
            <Field id={topId("paymentTerms")} label="Condiciones de pago" error={topError("paymentTerms")}>
              <select
                {...topControl("paymentTerms")}
                value={draft.paymentTerms}
                onChange={(event) => editor.setField("paymentTerms", event.target.value as PaymentTerms)}
              >
                {PAYMENT_TERMS.map((terms) => (
                  <option key={terms} value={terms}>
                    {PAYMENT_TERMS_LABELS[terms]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field
            id={topId("deliveryNotes")}
            label="Notas de entrega"
            optional
            error={topError("deliveryNotes")}
            hint={`Lugar, horario o indicaciones para la entrega; hasta ${SALES_LIMITS.deliveryNotes} caracteres.`}
          >
            <textarea
              {...topControl("deliveryNotes")}
              rows={3}
              value={draft.deliveryNotes}
              onChange={(event) => editor.setField("deliveryNotes", event.target.value)}
            />
          </Field>
        </section>
        <QuoteTotals
          idPrefix="cotizacion-totales"
          figures={figuresOf(amounts.totals)}
          live
          note={amounts.complete ? undefined : "Las líneas incompletas o con errores no se suman todavía."}
        />
      </div>

      <QuoteEditorActions busy={busy} onDownload={() => void editor.downloadPdf()} onSend={() => void startSend()} />

      <SendQuoteDialog
        open={sending !== null}
        email={email}
        number={sending?.number ?? null}
        onClose={() => setSending(null)}
        onConfirm={async () => {
          if (!sending) return;
          onSent(await run({ intent: "send-quote", quoteId: sending.id, version: sending.version }));
        }}
      />
      <BlockedLeaveConfirm question={question} />
    </form>
  );
}
