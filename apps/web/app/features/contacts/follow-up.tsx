import type { ContactEmails, Pipeline, StaffMember, Task, TimelineEvent } from "@app/shared";
import { STAGE_LABELS, type Stage } from "@app/shared/constants";
import { useState } from "react";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { ApiError } from "~/lib/api-client";
import { errorMessage, fieldErrors } from "~/lib/error-message";
import { useTrackedEdit } from "~/lib/unsaved-changes";
import { StaffOptions, StageOptions } from "./choice-options";
import { useContactsAction } from "./contacts-actions";
import {
  type StageDetails,
  StageDetailsFields,
  type StageErrors,
  stageAsksDetails,
  stageDetailsBody,
} from "./stage-details";

/** What the contact dialog shows besides the contact: its timeline and its tasks. */
export type FollowUp = {
  timeline: TimelineEvent[];
  tasks: Task[];
  /** The email side of the messages; null when it could not be loaded (the messages still show). */
  emails: ContactEmails | null;
};

export type FollowUpFormsProps = {
  contactId: number;
  pipeline: Pipeline;
  staff: StaffMember[] | null;
  onOutcome: (text: string, tone?: "success" | "problem") => void;
};

/** A change refused because someone else changed the contact first: the route has the new state. */
const changedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409;

type Draft = { stage: Stage; details: StageDetails; ownerId: string };

/** What the fields show for what is stored. */
function storedDraft(pipeline: Pipeline): Draft {
  return {
    stage: pipeline.stage,
    details: {
      lostReason: pipeline.lostReason ?? "",
      lostNote: pipeline.lostNote ?? "",
      wonValue: pipeline.wonValue === null ? "" : String(pipeline.wonValue),
    },
    ownerId: pipeline.owner ? String(pipeline.owner.id) : "",
  };
}

const sameDetails = (a: StageDetails, b: StageDetails) =>
  a.lostReason === b.lostReason && a.lostNote === b.lostNote && a.wonValue === b.wonValue;

/**
 * `Etapa` (with what goes with it) and `Responsable` of a contact. Nothing is stored until the
 * dialog's `Guardar` (decision 047): then the stage and the owner are sent one after the other, each
 * with the version the last one left. A change by someone else shows at once while nothing is
 * chosen here; over a choice, the save answers that the contact changed meanwhile and shows theirs.
 */
export function FollowUpForms({ contactId, pipeline, staff, onOutcome }: FollowUpFormsProps) {
  const action = useContactsAction();
  const stored = storedDraft(pipeline);
  // null: the fields show what is stored, whoever changes it.
  const [chosen, setChosen] = useState<Draft | null>(null);
  const draft = chosen ?? stored;
  const [errors, setErrors] = useState<StageErrors>({});
  const [ownerError, setOwnerError] = useState<string>();
  const stageDirty =
    draft.stage !== stored.stage || (stageAsksDetails(draft.stage) && !sameDetails(draft.details, stored.details));
  const ownerDirty = draft.ownerId !== stored.ownerId;
  const dirty = stageDirty || ownerDirty;

  // A choice changed back to what is stored is no choice: someone's later change shows.
  if (chosen && !dirty) setChosen(null);
  // Active accounts only: a disabled one's contacts already show as Sin responsable.
  const choices = staff ?? [];

  useTrackedEdit("seguimiento", {
    dirty,
    save: async () => {
      const said: string[] = [];
      let version = pipeline.version;
      try {
        if (stageDirty) {
          const changed = await action.run<Pipeline>({
            intent: "change-stage",
            contactId,
            body: { stage: draft.stage, version, ...stageDetailsBody(draft.stage, draft.details) },
          });
          version = changed.version;
          said.push(`Etapa cambiada a ${STAGE_LABELS[draft.stage]}.`);
        }
      } catch (error) {
        return refused(error);
      }
      try {
        if (ownerDirty) {
          const { ownerId } = draft;
          const changed = await action.run<{ ownerNotified: boolean }>({
            intent: "change-owner",
            contactId,
            body: { ownerId: ownerId === "" ? null : Number(ownerId), version },
          });
          const name = choices.find((member) => String(member.id) === ownerId)?.displayName;
          said.push(
            name
              ? `Responsable: ${name}.${changed.ownerNotified ? " Se le avisó por correo." : ""}`
              : "El contacto quedó sin responsable.",
          );
        }
      } catch (error) {
        if (said.length > 0) onOutcome(said.join(" "));
        return refused(error);
      }
      setChosen(null);
      return said.join(" ");
    },
  });

  /** Says why a change was refused; null tells the dialog that not everything was stored. */
  function refused(error: unknown) {
    if (changedMeanwhile(error)) {
      setChosen(null);
      onOutcome(errorMessage(error), "problem");
      return null;
    }
    const { ownerId, ...byStageField } = fieldErrors(error, [
      "stage",
      "lostReason",
      "lostNote",
      "wonValue",
      "ownerId",
    ] as const);
    setErrors(byStageField);
    setOwnerError(ownerId);
    if (!ownerId && Object.keys(byStageField).length === 0) onOutcome(errorMessage(error), "problem");
    return null;
  }

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="grid content-start gap-2">
        <Field id="contacto-etapa" label="Etapa" error={errors.stage}>
          <select
            id="contacto-etapa"
            value={draft.stage}
            onChange={(event) => {
              setChosen({ ...draft, stage: event.target.value as Stage });
              setErrors({});
            }}
            className={inputStyles(Boolean(errors.stage))}
          >
            <StageOptions />
          </select>
        </Field>
        <StageDetailsFields
          idPrefix="contacto"
          stage={draft.stage}
          details={draft.details}
          errors={errors}
          onChange={(details) => setChosen({ ...draft, details })}
        />
      </div>
      <Field id="contacto-responsable" label="Responsable" error={ownerError}>
        <select
          id="contacto-responsable"
          value={draft.ownerId}
          onChange={(event) => {
            setChosen({ ...draft, ownerId: event.target.value });
            setOwnerError(undefined);
          }}
          aria-invalid={Boolean(ownerError)}
          aria-describedby={describedBy("contacto-responsable", { error: ownerError })}
          className={inputStyles(Boolean(ownerError))}
        >
          <option value="">Sin responsable</option>
          <StaffOptions staff={choices} />
        </select>
      </Field>
    </div>
  );
}
