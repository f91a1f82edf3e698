import type { BulkChangeInput, BulkResult, StaffMember } from "@app/shared";
import { STAGE_LABELS, STAGES, type Stage } from "@app/shared/constants";
import { FileDown, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Field, inputStyles } from "~/components/ui/field";
import { errorMessage, fieldErrors } from "~/lib/error-message";
import { saveFile } from "~/lib/save-file";
import { useContactsAction } from "./contacts-actions";
import { exportContacts, selectionOf } from "./contacts-api";
import type { ContactsQuery } from "./contacts-query";
import {
  NO_STAGE_DETAILS,
  type StageDetails,
  StageDetailsFields,
  type StageErrors,
  stageDetailsBody,
} from "./stage-details";

/** The rows picked on the page, or every result of the search and its filters. */
export type BulkTarget = { kind: "rows"; ids: number[] } | { kind: "all"; total: number; exact: boolean };

export type BulkActionsProps = {
  target: BulkTarget;
  query: ContactsQuery;
  staff: StaffMember[] | null;
  /** The page is fully picked and the search holds more: offers to take them all. */
  canPickAll: { total: number; exact: boolean } | null;
  onPickAll: () => void;
  onClear: () => void;
  onDone: (text: string, tone?: "success" | "problem") => void;
};

const number = new Intl.NumberFormat("es-EC");
const contacts = (count: number) => `${number.format(count)} ${count === 1 ? "contacto" : "contactos"}`;

/** "Se cambiaron 23 de 25 contactos; 2 ya lo estaban." */
function bulkOutcome({ matched, changed }: BulkResult, what: string) {
  const skipped = matched - changed;
  const done = changed === 1 ? `Se ${what} 1 contacto` : `Se ${what} ${number.format(changed)} contactos`;
  return `${done} de ${number.format(matched)}.${skipped > 0 ? ` ${contacts(skipped)} ya lo estaban.` : ""}`;
}

/**
 * The bar over the contacts table once rows are picked: assign an owner, set a stage or export,
 * for those rows or for every result of the search (not only the page), and say how many changed.
 */
export function BulkActions({ target, query, staff, canPickAll, onPickAll, onClear, onDone }: BulkActionsProps) {
  const action = useContactsAction();
  const [ownerId, setOwnerId] = useState("");
  const [stage, setStage] = useState<Stage>("contactado");
  const [details, setDetails] = useState<StageDetails>(NO_STAGE_DETAILS);
  const [errors, setErrors] = useState<StageErrors>({});
  const [exporting, setExporting] = useState(false);
  const apiTarget: BulkChangeInput["target"] =
    target.kind === "rows" ? { ids: target.ids } : { selection: selectionOf(query) };

  const run = async (change: BulkChangeInput["change"], what: string) => {
    try {
      const result = await action.run<BulkResult>({ intent: "bulk-change", body: { target: apiTarget, change } });
      setErrors({});
      onDone(bulkOutcome(result, what));
    } catch (error) {
      const byField = fieldErrors(error, ["lostReason", "lostNote", "wonValue"] as const);
      setErrors(byField);
      if (Object.keys(byField).length === 0) onDone(errorMessage(error), "problem");
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await exportContacts(query, target.kind === "rows" ? target.ids : undefined));
    } catch (error) {
      onDone(`No se pudo exportar: ${errorMessage(error)}`, "problem");
    } finally {
      setExporting(false);
    }
  };

  const picked =
    target.kind === "rows"
      ? `${contacts(target.ids.length)} ${target.ids.length === 1 ? "seleccionado" : "seleccionados"}`
      : `${target.exact ? "Los" : "Más de"} ${contacts(target.total)} de esta búsqueda seleccionados`;

  return (
    <section
      aria-labelledby="acciones-en-bloque"
      className="grid gap-3 rounded-2xl bg-leaf-50 p-4 ring-1 ring-leaf-200"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="acciones-en-bloque" className="font-semibold text-leaf-900">
          {picked}
        </h2>
        {canPickAll && target.kind === "rows" && (
          <button type="button" onClick={onPickAll} className={`${buttonStyles.secondary} min-h-11`}>
            Seleccionar {canPickAll.exact ? "los" : "más de"} {contacts(canPickAll.total)} de esta búsqueda
          </button>
        )}
        <button type="button" onClick={onClear} className={`${buttonStyles.secondary} min-h-11`}>
          Quitar la selección
        </button>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <form
          noValidate
          className="grid content-start gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run({ kind: "owner", ownerId: ownerId === "" ? null : Number(ownerId) }, "asignaron");
          }}
        >
          <Field id="bloque-responsable" label="Responsable">
            <select
              id="bloque-responsable"
              value={ownerId}
              onChange={(event) => setOwnerId(event.target.value)}
              className={inputStyles(false)}
            >
              <option value="">Sin responsable</option>
              {(staff ?? []).map((member) => (
                <option key={member.id} value={member.id}>
                  {member.displayName}
                </option>
              ))}
            </select>
          </Field>
          <div>
            <button type="submit" disabled={action.busy} className={`${buttonStyles.primary} min-h-11`}>
              {action.busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
              Asignar
            </button>
          </div>
        </form>
        <form
          noValidate
          className="grid content-start gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run({ kind: "stage", stage, ...stageDetailsBody(stage, details) }, "movieron");
          }}
        >
          <Field id="bloque-etapa" label="Etapa">
            <select
              id="bloque-etapa"
              value={stage}
              onChange={(event) => {
                setStage(event.target.value as Stage);
                setErrors({});
              }}
              className={inputStyles(false)}
            >
              {STAGES.map((option) => (
                <option key={option} value={option}>
                  {STAGE_LABELS[option]}
                </option>
              ))}
            </select>
          </Field>
          <StageDetailsFields idPrefix="bloque" stage={stage} details={details} errors={errors} onChange={setDetails} />
          <div>
            <button type="submit" disabled={action.busy} className={`${buttonStyles.primary} min-h-11`}>
              Cambiar etapa
            </button>
          </div>
        </form>
        <div className="grid content-start gap-2">
          <p className="font-semibold text-leaf-900 text-sm">Exportar</p>
          <div>
            <button
              type="button"
              onClick={exportCsv}
              disabled={exporting}
              className={`${buttonStyles.secondary} min-h-11`}
            >
              {exporting ? (
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              ) : (
                <FileDown className="size-4" aria-hidden="true" />
              )}
              Exportar selección
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
