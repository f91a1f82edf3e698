import type { ReplyTemplate } from "@app/shared";
import { FilePlus2, Pencil, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Notice } from "~/components/ui/notice";
import { errorMessage } from "~/lib/error-message";
import { useReplyTemplatesAction } from "./reply-templates-actions";
import { TemplateEditorDialog } from "./template-editor-dialog";
import { TemplateVariables } from "./template-variables";

export type TemplatesScreenProps = { templates: ReplyTemplate[] };

type Outcome = { tone: "success" | "problem"; text: string } | null;

const cardAction =
  "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-sm ring-1 transition-colors";

/** The administrators' `Plantillas` screen: the templates by name; create, edit, delete. */
export function TemplatesScreen({ templates }: TemplatesScreenProps) {
  const run = useReplyTemplatesAction();
  const [editing, setEditing] = useState<ReplyTemplate | "new" | null>(null);
  const [deleting, setDeleting] = useState<ReplyTemplate | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start">
      <div className="grid gap-4">
        <div>
          <button
            ref={newButton}
            type="button"
            onClick={() => {
              setOutcome(null);
              setEditing("new");
            }}
            className={`${buttonStyles.primary} min-h-11`}
          >
            <FilePlus2 className="size-4" aria-hidden="true" />
            Nueva plantilla
          </button>
        </div>
        {outcome && (
          <Notice tone={outcome.tone}>
            <p>{outcome.text}</p>
          </Notice>
        )}
        <section aria-labelledby="plantillas-guardadas" className="grid gap-3">
          <h2 id="plantillas-guardadas" className="font-bold text-leaf-900 text-lg">
            Plantillas guardadas ({templates.length})
          </h2>
          {templates.length === 0 ? (
            <p className="rounded-2xl bg-white p-4 text-stone-700 ring-1 ring-stone-200">
              Todavía no hay plantillas. Crea la primera con «Nueva plantilla».
            </p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2">
              {templates.map((template) => (
                <li key={template.id}>
                  <article
                    aria-labelledby={`plantilla-${template.id}`}
                    className="grid h-full content-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200"
                  >
                    <h3 id={`plantilla-${template.id}`} className="break-words font-semibold text-leaf-900">
                      {template.name}
                    </h3>
                    <p className="line-clamp-6 whitespace-pre-line break-words text-sm text-stone-700">
                      {template.body}
                    </p>
                    <div className="mt-auto flex flex-wrap gap-2">
                      <button
                        type="button"
                        onClick={() => {
                          setOutcome(null);
                          setEditing(template);
                        }}
                        className={`${cardAction} text-leaf-800 ring-leaf-200 hover:bg-leaf-50`}
                      >
                        <Pencil className="size-4" aria-hidden="true" />
                        Editar<span className="sr-only"> {template.name}</span>
                      </button>
                      <button
                        type="button"
                        onClick={() => {
                          setOutcome(null);
                          setDeleting(template);
                        }}
                        className={`${cardAction} text-red-800 ring-red-200 hover:bg-red-50`}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        Eliminar<span className="sr-only"> {template.name}</span>
                      </button>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="rounded-2xl bg-white p-4 ring-1 ring-stone-200">
        <TemplateVariables id="plantillas-ayuda" />
      </div>

      <TemplateEditorDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(template, created) => {
          setEditing(null);
          setOutcome({
            tone: "success",
            text: created ? `Se creó la plantilla «${template.name}».` : `Se guardó la plantilla «${template.name}».`,
          });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`¿Eliminar la plantilla «${deleting?.name ?? ""}»?`}
        confirmLabel="Eliminar plantilla"
        onConfirm={async () => {
          if (!deleting) return;
          await run({ intent: "delete-template", templateId: deleting.id });
          setOutcome({ tone: "success", text: `Se eliminó la plantilla «${deleting.name}».` });
        }}
        onClose={() => setDeleting(null)}
        describeError={errorMessage}
        focusAfterConfirm={() => newButton.current}
      >
        <p>El personal ya no podrá elegirla al responder. Las respuestas ya enviadas con ella no cambian.</p>
      </ConfirmDialog>
    </div>
  );
}
