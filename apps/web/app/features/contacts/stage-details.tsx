import type { StageChangeInput } from "@app/shared";
import { LOST_REASON_LABELS, LOST_REASONS, type LostReason, type Stage } from "@app/shared/constants";
import { describedBy, Field, inputStyles } from "~/components/ui/field";

// What goes with a stage: Perdido's reason (and its words), Ganado's estimated value. The contact
// dialog, the bulk bar and the board's move dialog all ask for them the same way.

export type StageDetails = { lostReason: LostReason | ""; lostNote: string; wonValue: string };
export type StageErrors = Partial<Record<"stage" | "lostReason" | "lostNote" | "wonValue", string>>;

export const NO_STAGE_DETAILS: StageDetails = { lostReason: "", lostNote: "", wonValue: "" };

/** Whether moving to `stage` asks for more than the stage itself. */
export const stageAsksDetails = (stage: Stage) => stage === "perdido" || stage === "ganado";

/** The part of a stage change that goes with `stage`, as the API reads it. */
export function stageDetailsBody(stage: Stage, details: StageDetails): Omit<StageChangeInput, "stage" | "version"> {
  const value = details.wonValue.trim() === "" ? undefined : Number(details.wonValue.replace(",", "."));
  return {
    ...(stage === "perdido" && details.lostReason ? { lostReason: details.lostReason } : {}),
    ...(stage === "perdido" && details.lostNote.trim() ? { lostNote: details.lostNote } : {}),
    ...(stage === "ganado" && value !== undefined ? { wonValue: value } : {}),
  };
}

type StageDetailsFieldsProps = {
  /** Makes the fields' ids unique on the page: `contacto` gives `contacto-motivo`. */
  idPrefix: string;
  stage: Stage;
  details: StageDetails;
  errors: StageErrors;
  onChange: (details: StageDetails) => void;
};

/** Motivo and its detail for Perdido, Valor estimado for Ganado; nothing for the other stages. */
export function StageDetailsFields({ idPrefix, stage, details, errors, onChange }: StageDetailsFieldsProps) {
  const ids = { reason: `${idPrefix}-motivo`, note: `${idPrefix}-motivo-detalle`, value: `${idPrefix}-valor` };
  if (stage === "perdido") {
    return (
      <>
        <Field id={ids.reason} label="Motivo" error={errors.lostReason}>
          <select
            id={ids.reason}
            value={details.lostReason}
            onChange={(event) => onChange({ ...details, lostReason: event.target.value as LostReason | "" })}
            aria-invalid={Boolean(errors.lostReason)}
            aria-describedby={describedBy(ids.reason, { error: errors.lostReason })}
            className={inputStyles(Boolean(errors.lostReason))}
          >
            <option value="">Elige un motivo</option>
            {LOST_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {LOST_REASON_LABELS[reason]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={ids.note}
          label="Detalle del motivo"
          optional={details.lostReason !== "otro"}
          error={errors.lostNote}
        >
          <input
            id={ids.note}
            value={details.lostNote}
            maxLength={500}
            onChange={(event) => onChange({ ...details, lostNote: event.target.value })}
            aria-invalid={Boolean(errors.lostNote)}
            aria-describedby={describedBy(ids.note, { error: errors.lostNote })}
            className={inputStyles(Boolean(errors.lostNote))}
          />
        </Field>
      </>
    );
  }
  if (stage === "ganado") {
    return (
      <Field id={ids.value} label="Valor estimado (USD)" optional error={errors.wonValue}>
        <input
          id={ids.value}
          inputMode="decimal"
          value={details.wonValue}
          onChange={(event) => onChange({ ...details, wonValue: event.target.value })}
          aria-invalid={Boolean(errors.wonValue)}
          aria-describedby={describedBy(ids.value, { error: errors.wonValue })}
          className={inputStyles(Boolean(errors.wonValue))}
        />
      </Field>
    );
  }
  return null;
}
