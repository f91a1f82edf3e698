import type { BulkChangeInput, BulkResult, StaffMember } from "@app/shared";
import type { Stage } from "@app/shared/constants";
import { FileDown } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { errorMessage, fieldErrors } from "~/lib/error-message";
import { formatCount } from "~/lib/format-number";
import { StaffOptions, StageOptions } from "./choice-options";
import { useContactsAction } from "./contacts-actions";
import { selectionOf } from "./contacts-api";
import type { ContactsQuery } from "./contacts-query";
import { ExportDialog } from "./export-dialog";
import {
  NO_STAGE_DETAILS,
  type StageDetails,
  StageDetailsFields,
  type StageErrors,
  stageDetailsBody,
} from "./stage-details";

/** The rows picked on the page, or every result of the search and its filters. */
export type BulkTarget = { kind: "rows"; ids: number[] } | { kind: "all"; total: number; exact: boolean };

/** A bulk change done: what to say, and what `Deshacer` offers for a few seconds (none if nothing changed). */
export type BulkDone = { text: string; undo: { undoId: string; text: string } | null };

export type BulkActionsProps = {
  target: BulkTarget;
  query: ContactsQuery;
  staff: StaffMember[] | null;
  /** The page is fully picked and the search holds more: offers to take them all. */
  canPickAll: { total: number; exact: boolean } | null;
  onPickAll: () => void;
  onClear: () => void;
  onChanged: (done: BulkDone) => void;
};

const contacts = (count: number) => `${formatCount(count)} ${count === 1 ? "contacto" : "contactos"}`;

/** "Se cambiaron 23 de 25 contactos; 2 ya lo estaban." */
function bulkOutcome({ matched, changed }: BulkResult, what: string) {
  const skipped = matched - changed;
  const done = changed === 1 ? `Se ${what} 1 contacto` : `Se ${what} ${formatCount(changed)} contactos`;
  return `${done} de ${formatCount(matched)}.${skipped > 0 ? ` ${contacts(skipped)} ya lo estaban.` : ""}`;
}

/** "3 contactos", "los 240 contactos de esta búsqueda", "más de 1.000 contactos de esta búsqueda". */
const howMany = (target: BulkTarget) =>
  target.kind === "rows"
    ? contacts(target.ids.length)
    : `${target.exact ? "los" : "más de"} ${contacts(target.total)} de esta búsqueda`;

/**
 * The bar over the contacts table once rows are picked; it stays in view while the list scrolls.
 * `Asignar responsable` and `Cambiar etapa` open a question that starts with nothing chosen and names
 * how many contacts it changes; the screen then offers `Deshacer` for a few seconds. `Exportar
 * selección` downloads them. Changes apply to the rows picked or every result of the search.
 */
export function BulkActions({ target, query, staff, canPickAll, onPickAll, onClear, onChanged }: BulkActionsProps) {
  const [asking, setAsking] = useState<"owner" | "stage" | null>(null);
  const [exporting, setExporting] = useState(false);

  const picked =
    target.kind === "rows"
      ? `${contacts(target.ids.length)} ${target.ids.length === 1 ? "seleccionado" : "seleccionados"}`
      : `${target.exact ? "Los" : "Más de"} ${contacts(target.total)} de esta búsqueda seleccionados`;

  return (
    <section
      aria-labelledby="acciones-en-bloque"
      className="sticky top-18 z-10 flex flex-wrap items-center gap-2 rounded-2xl bg-leaf-50 p-3 shadow-md ring-1 ring-leaf-200"
    >
      <h2 id="acciones-en-bloque" className="mr-auto font-semibold text-leaf-900">
        {picked}
      </h2>
      {canPickAll && target.kind === "rows" && (
        <button type="button" onClick={onPickAll} className={`${buttonStyles.secondary} min-h-11`}>
          Seleccionar {canPickAll.exact ? "los" : "más de"} {contacts(canPickAll.total)} de esta búsqueda
        </button>
      )}
      <button type="button" onClick={() => setAsking("owner")} className={`${buttonStyles.primary} min-h-11`}>
        Asignar responsable
      </button>
      <button type="button" onClick={() => setAsking("stage")} className={`${buttonStyles.primary} min-h-11`}>
        Cambiar etapa
      </button>
      <button type="button" onClick={() => setExporting(true)} className={`${buttonStyles.secondary} min-h-11`}>
        <FileDown className="size-4" aria-hidden="true" />
        Exportar selección
      </button>
      <button type="button" onClick={onClear} className={`${buttonStyles.secondary} min-h-11`}>
        Quitar la selección
      </button>
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        title="Exportar selección"
        query={query}
        ids={target.kind === "rows" ? target.ids : undefined}
      />
      <Dialog open={asking !== null} onClose={() => setAsking(null)} labelledBy="bloque-titulo" className="max-w-md">
        {asking && (
          <BulkChangeForm
            kind={asking}
            target={target}
            query={query}
            staff={staff}
            onCancel={() => setAsking(null)}
            onChanged={(done) => {
              setAsking(null);
              onChanged(done);
            }}
          />
        )}
      </Dialog>
    </section>
  );
}

type BulkChangeFormProps = {
  kind: "owner" | "stage";
  target: BulkTarget;
  query: ContactsQuery;
  staff: StaffMember[] | null;
  onCancel: () => void;
  onChanged: (done: BulkDone) => void;
};

/** No owner: the select's own value for `Sin responsable`; the empty value means nothing is chosen yet. */
const NOBODY = "nadie";

/** The question behind `Asignar responsable` and `Cambiar etapa`: nothing chosen until the person chooses. */
function BulkChangeForm({ kind, target, query, staff, onCancel, onChanged }: BulkChangeFormProps) {
  const action = useContactsAction();
  const [ownerId, setOwnerId] = useState("");
  const [stage, setStage] = useState<Stage | "">("");
  const [details, setDetails] = useState<StageDetails>(NO_STAGE_DETAILS);
  const [errors, setErrors] = useState<StageErrors & { ownerId?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const count = howMany(target);
  const apiTarget: BulkChangeInput["target"] =
    target.kind === "rows" ? { ids: target.ids } : { selection: selectionOf(query) };

  const send = async () => {
    setProblem(null);
    if (kind === "owner" && ownerId === "") return setErrors({ ownerId: "Elige un responsable" });
    if (kind === "stage" && stage === "") return setErrors({ stage: "Elige una etapa" });
    const change: BulkChangeInput["change"] =
      kind === "owner"
        ? { kind: "owner", ownerId: ownerId === NOBODY ? null : Number(ownerId) }
        : { kind: "stage", stage: stage as Stage, ...stageDetailsBody(stage as Stage, details) };
    try {
      const result = await action.run<BulkResult>({ intent: "bulk-change", body: { target: apiTarget, change } });
      onChanged({
        text: bulkOutcome(result, kind === "owner" ? "asignaron" : "movieron"),
        undo:
          result.undoId && result.changed > 0
            ? { undoId: result.undoId, text: `Cambio aplicado a ${contacts(result.changed)}.` }
            : null,
      });
    } catch (error) {
      const byField = fieldErrors(error, ["lostReason", "lostNote", "wonValue"] as const);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setProblem(errorMessage(error));
    }
  };

  const ownerName = ownerId === NOBODY ? null : staff?.find((member) => String(member.id) === ownerId)?.displayName;
  return (
    <DialogForm
      titleId="bloque-titulo"
      title={kind === "owner" ? `Asignar ${count}` : `Cambiar la etapa de ${count}`}
      intro={
        <p className="text-stone-700">
          {kind === "owner"
            ? ownerId === ""
              ? `Elige quién será responsable de ${count}.`
              : `${count[0]?.toUpperCase()}${count.slice(1)} quedarán ${ownerName ? `a cargo de ${ownerName}` : "sin responsable"}.`
            : `${count[0]?.toUpperCase()}${count.slice(1)} pasarán a la etapa que elijas.`}{" "}
          Podrás deshacerlo durante unos segundos.
        </p>
      }
      busy={action.busy}
      problem={problem}
      submitLabel={kind === "owner" ? "Asignar" : "Cambiar etapa"}
      onCancel={onCancel}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {kind === "owner" ? (
        <Field id="bloque-responsable" label="Responsable" error={errors.ownerId}>
          <select
            id="bloque-responsable"
            value={ownerId}
            onChange={(event) => {
              setOwnerId(event.target.value);
              setErrors({});
            }}
            aria-invalid={Boolean(errors.ownerId)}
            aria-describedby={describedBy("bloque-responsable", { error: errors.ownerId })}
            className={inputStyles(Boolean(errors.ownerId))}
          >
            <option value="">Elige un responsable</option>
            <option value={NOBODY}>Sin responsable</option>
            <StaffOptions staff={staff} />
          </select>
        </Field>
      ) : (
        <>
          <Field id="bloque-etapa" label="Etapa" error={errors.stage}>
            <select
              id="bloque-etapa"
              value={stage}
              onChange={(event) => {
                setStage(event.target.value as Stage | "");
                setErrors({});
              }}
              aria-invalid={Boolean(errors.stage)}
              aria-describedby={describedBy("bloque-etapa", { error: errors.stage })}
              className={inputStyles(Boolean(errors.stage))}
            >
              <option value="">Elige una etapa</option>
              <StageOptions />
            </select>
          </Field>
          {stage !== "" && (
            <StageDetailsFields
              idPrefix="bloque"
              stage={stage}
              details={details}
              errors={errors}
              onChange={setDetails}
            />
          )}
        </>
      )}
    </DialogForm>
  );
}
