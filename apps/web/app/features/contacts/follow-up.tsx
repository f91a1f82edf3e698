import type { ClientEmails, Pipeline, StaffMember, Task, TimelineEvent } from "@app/shared";
import { STAGE_LABELS, STAGES, type Stage } from "@app/shared/constants";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { ApiError } from "~/lib/api-client";
import { errorMessage, fieldErrors, fieldProblems } from "~/lib/error-message";
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
  emails: ClientEmails | null;
};

export type FollowUpFormsProps = {
  clientId: number;
  pipeline: Pipeline;
  staff: StaffMember[] | null;
  onOutcome: (text: string, tone?: "success" | "problem") => void;
};

/** A change refused because someone else changed the contact first: the route has the new state. */
const changedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409;

type Action = ReturnType<typeof useContactsAction>;

/**
 * `Etapa` and `Responsable` of a contact, each a small form sent with the version it showed. A new
 * version (a change by anyone) starts each form again from what is stored; the write itself belongs
 * here, so it still answers once its form has started again.
 */
export function FollowUpForms(props: FollowUpFormsProps) {
  const action = useContactsAction();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <StageForm key={`etapa-${props.pipeline.version}`} action={action} {...props} />
      <OwnerForm key={`responsable-${props.pipeline.version}`} action={action} {...props} />
    </div>
  );
}

function StageForm({ clientId, pipeline, onOutcome, action }: FollowUpFormsProps & { action: Action }) {
  const [stage, setStage] = useState<Stage>(pipeline.stage);
  const [details, setDetails] = useState<StageDetails>({
    lostReason: pipeline.lostReason ?? "",
    lostNote: pipeline.lostNote ?? "",
    wonValue: pipeline.wonValue === null ? "" : String(pipeline.wonValue),
  });
  const [errors, setErrors] = useState<StageErrors>({});
  const unchanged = stage === pipeline.stage && !stageAsksDetails(stage);

  return (
    <form
      noValidate
      aria-busy={action.busy}
      className="grid content-start gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await action.run({
            intent: "change-stage",
            clientId,
            body: { stage, version: pipeline.version, ...stageDetailsBody(stage, details) },
          });
          onOutcome(`Etapa cambiada a ${STAGE_LABELS[stage]}.`);
        } catch (error) {
          if (changedMeanwhile(error)) return onOutcome(errorMessage(error), "problem");
          const byField = fieldErrors(error, ["stage", "lostReason", "lostNote", "wonValue"] as const);
          setErrors(byField);
          if (Object.keys(byField).length === 0) onOutcome(errorMessage(error), "problem");
        }
      }}
    >
      <Field id="contacto-etapa" label="Etapa" error={errors.stage}>
        <select
          id="contacto-etapa"
          value={stage}
          onChange={(event) => {
            setStage(event.target.value as Stage);
            setErrors({});
          }}
          className={inputStyles(Boolean(errors.stage))}
        >
          {STAGES.map((option) => (
            <option key={option} value={option}>
              {STAGE_LABELS[option]}
            </option>
          ))}
        </select>
      </Field>
      <StageDetailsFields idPrefix="contacto" stage={stage} details={details} errors={errors} onChange={setDetails} />
      <div>
        <button type="submit" disabled={action.busy || unchanged} className={`${buttonStyles.secondary} min-h-11`}>
          {action.busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Cambiar etapa
        </button>
      </div>
    </form>
  );
}

function OwnerForm({ clientId, pipeline, staff, onOutcome, action }: FollowUpFormsProps & { action: Action }) {
  const [ownerId, setOwnerId] = useState(pipeline.owner ? String(pipeline.owner.id) : "");
  const [error, setError] = useState<string>();
  // Active accounts only: a disabled one's contacts already show as Sin responsable.
  const choices = staff ?? [];

  return (
    <form
      noValidate
      aria-busy={action.busy}
      className="grid content-start gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          const changed = await action.run<{ ownerNotified: boolean }>({
            intent: "change-owner",
            clientId,
            body: { ownerId: ownerId === "" ? null : Number(ownerId), version: pipeline.version },
          });
          const name = choices.find((member) => String(member.id) === ownerId)?.displayName;
          onOutcome(
            name
              ? `Responsable: ${name}.${changed.ownerNotified ? " Se le avisó por correo." : ""}`
              : "El contacto quedó sin responsable.",
          );
        } catch (problem) {
          if (changedMeanwhile(problem)) return onOutcome(errorMessage(problem), "problem");
          setError(fieldProblems(problem, ["ownerId"] as const)[0]?.message ?? errorMessage(problem));
        }
      }}
    >
      <Field id="contacto-responsable" label="Responsable" error={error}>
        <select
          id="contacto-responsable"
          value={ownerId}
          onChange={(event) => {
            setOwnerId(event.target.value);
            setError(undefined);
          }}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy("contacto-responsable", { error })}
          className={inputStyles(Boolean(error))}
        >
          <option value="">Sin responsable</option>
          {choices.map((member) => (
            <option key={member.id} value={member.id}>
              {member.displayName}
            </option>
          ))}
        </select>
      </Field>
      <div>
        <button
          type="submit"
          disabled={action.busy || ownerId === (pipeline.owner ? String(pipeline.owner.id) : "")}
          className={`${buttonStyles.secondary} min-h-11`}
        >
          {action.busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Asignar
        </button>
      </div>
    </form>
  );
}
