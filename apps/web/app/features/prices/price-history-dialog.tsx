import { formatIvaPercent, formatPrice, type PriceChange, type PriceItem } from "@app/shared";
import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";
import { Notice } from "~/components/ui/notice";
import { errorMessage } from "~/lib/error-message";
import { formatDateTime } from "~/lib/format-date";
import { loadPriceHistory } from "./prices-api";

export type PriceHistoryDialogProps = { item: PriceItem | null; onClose: () => void };

/** `Historial de precios` of one presentation: who set which price and IVA, and when, newest first. */
export function PriceHistoryDialog({ item, onClose }: PriceHistoryDialogProps) {
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      labelledBy="precio-historial-titulo"
      describedBy="precio-historial-de"
      className="max-w-xl"
    >
      {item && <History item={item} onClose={onClose} />}
    </Dialog>
  );
}

type Loaded = { changes: PriceChange[] } | { problem: string } | null;

function History({ item, onClose }: { item: PriceItem; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadPriceHistory(item.id, controller.signal).then(
      (changes) => setLoaded({ changes }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ problem: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [item.id]);

  return (
    <div className="flex max-h-[90svh] flex-col gap-4">
      <div className="px-6 pt-6">
        <h2 id="precio-historial-titulo" className="font-bold text-leaf-900 text-xl">
          Historial de precios
        </h2>
        <p id="precio-historial-de" className="mt-1 text-stone-700 text-sm">
          {item.code} · {item.description}
        </p>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-6" aria-busy={loaded === null}>
        {loaded === null ? (
          <p className="flex items-center gap-2 text-stone-600">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Cargando el historial…
          </p>
        ) : "problem" in loaded ? (
          <Notice tone="problem">
            <p>{loaded.problem}</p>
          </Notice>
        ) : (
          <ol className="grid gap-3" aria-label={`Cambios de precio de ${item.code}`}>
            {loaded.changes.map((change) => (
              <li key={change.id} className="rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200">
                <ChangeLine change={change} />
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="flex justify-end px-6 pb-6">
        <button type="button" onClick={onClose} className={`${buttonStyles.secondary} min-h-11`}>
          Cerrar
        </button>
      </div>
    </div>
  );
}

/** "Precio de lista: $98,50 → $101,25"; an arrow is read as "a" by nobody, so it is said in words too. */
function FromTo({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <p>
      {label}: <span className="sr-only">de </span>
      {from} <span aria-hidden="true">→</span>
      <span className="sr-only">a</span> <span className="font-semibold">{to}</span>
    </p>
  );
}

function ChangeLine({ change }: { change: PriceChange }) {
  const repriced = change.oldPrice !== null && change.oldPrice !== change.newPrice;
  const reRated = change.oldIvaPercent !== null && change.oldIvaPercent !== change.newIvaPercent;
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-stone-600">
        <time dateTime={change.at}>{formatDateTime(change.at)}</time> · {change.actorName}
      </p>
      {change.oldPrice === null ? (
        <p>
          Creada con precio de lista <span className="font-semibold">{formatPrice(change.newPrice)}</span> e IVA{" "}
          {formatIvaPercent(change.newIvaPercent)}
        </p>
      ) : (
        <>
          {repriced && (
            <FromTo label="Precio de lista" from={formatPrice(change.oldPrice)} to={formatPrice(change.newPrice)} />
          )}
          {reRated && change.oldIvaPercent && (
            <FromTo
              label="IVA"
              from={formatIvaPercent(change.oldIvaPercent)}
              to={formatIvaPercent(change.newIvaPercent)}
            />
          )}
        </>
      )}
    </div>
  );
}
