import type { SiteItem, SitePublication } from "@app/shared";
import { History } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { errorMessage } from "~/lib/error-message";
import { formatDateTime } from "~/lib/format-date";
import type { RunIntent } from "./site-item-editor";

type Props = {
  item: SiteItem;
  publications: SitePublication[];
  run: RunIntent;
  /** The item changed from here (restored, retired): the editor starts again from it. */
  onChanged: (message: string) => void;
};

/**
 * What was published of an item, newest first: `Restaurar` publishes a version again (and makes it
 * the draft); a published product can also be taken off the site.
 */
/** What `Retirar del sitio` asks and says, for the kinds that can be taken off the site. */
const RETIREMENT: Partial<Record<SiteItem["kind"], { question: string; consequence: string; done: string }>> = {
  product: {
    question: "¿Retirar este producto del sitio?",
    consequence:
      "Desaparece del catálogo y del formulario de contacto; los contactos que lo pidieron conservan su título.",
    done: "El producto ya no está en el sitio. Su borrador y sus versiones se conservan.",
  },
  service: {
    question: "¿Retirar este servicio del sitio?",
    consequence:
      "Desaparece de la página de servicios y del formulario de contacto; los contactos que lo pidieron conservan su título.",
    done: "El servicio ya no está en el sitio. Su borrador y sus versiones se conservan.",
  },
  faq: {
    question: "¿Retirar esta pregunta del sitio?",
    consequence: "Deja de mostrarse en Preguntas frecuentes, en la página de inicio.",
    done: "La pregunta ya no está en el sitio. Su borrador y sus versiones se conservan.",
  },
  partner: {
    question: "¿Retirar este socio del sitio?",
    consequence: "Deja de mostrarse en Nuestros socios, al pie de cada página.",
    done: "El socio ya no está en el sitio. Su borrador y sus versiones se conservan.",
  },
  testimonial: {
    question: "¿Retirar este testimonio del sitio?",
    consequence: "Deja de mostrarse en la página de inicio.",
    done: "El testimonio ya no está en el sitio. Su borrador y sus versiones se conservan.",
  },
};

export function SitePublications({ item, publications, run, onChanged }: Props) {
  const [restoring, setRestoring] = useState<SitePublication | null>(null);
  const [retiring, setRetiring] = useState(false);
  const current = JSON.stringify(item.published);
  const retirement = RETIREMENT[item.kind];
  return (
    <section aria-labelledby="versiones" className="grid gap-3">
      <h2 id="versiones" className="flex items-center gap-2 font-bold text-leaf-900 text-xl">
        <History className="size-5" aria-hidden="true" />
        Versiones publicadas
      </h2>
      {publications.length === 0 ? (
        <p className="text-stone-600">Todavía no se ha publicado.</p>
      ) : (
        <ol className="grid gap-2">
          {publications.map((publication) => {
            const when = formatDateTime(publication.publishedAt);
            const live = JSON.stringify(publication.content) === current;
            return (
              <li
                key={publication.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-200"
              >
                <span>
                  {when}
                  {publication.publishedBy ? ` · ${publication.publishedBy}` : ""}
                  {live && <span className="ml-2 font-semibold text-leaf-800">(en el sitio)</span>}
                </span>
                {!live && (
                  <button
                    type="button"
                    className={`${buttonStyles.secondary} min-h-11`}
                    aria-label={`Restaurar la versión del ${when}`}
                    onClick={() => setRestoring(publication)}
                  >
                    Restaurar
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {retirement && item.published && (
        <button
          type="button"
          className={`${buttonStyles.ghost} min-h-11 justify-self-start`}
          onClick={() => setRetiring(true)}
        >
          Retirar del sitio
        </button>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title="¿Restaurar esta versión?"
        confirmLabel="Restaurar"
        onClose={() => setRestoring(null)}
        describeError={errorMessage}
        onConfirm={async () => {
          if (!restoring) return;
          await run({ intent: "restore", id: item.id, publicationId: restoring.id, version: item.version });
          onChanged(
            `Se restauró la versión del ${formatDateTime(restoring.publishedAt)}: es lo que ven los visitantes.`,
          );
        }}
      >
        <p>Vuelve a publicarse tal como estaba y pasa a ser el borrador. Los cambios sin publicar se pierden.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={retiring && retirement !== undefined}
        title={retirement?.question ?? ""}
        confirmLabel="Retirar del sitio"
        onClose={() => setRetiring(false)}
        describeError={errorMessage}
        onConfirm={async () => {
          await run({ intent: "retire", id: item.id, version: item.version });
          onChanged(retirement?.done ?? "");
        }}
      >
        <p>{retirement?.consequence}</p>
      </ConfirmDialog>
    </section>
  );
}
