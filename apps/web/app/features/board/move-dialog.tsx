import type { BoardCard } from "@app/shared";
import { STAGE_LABELS, type Stage } from "@app/shared/constants";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";
import { Notice } from "~/components/ui/notice";
import { NO_STAGE_DETAILS, type StageDetails, StageDetailsFields, type StageErrors } from "~/features/contacts";
import { ApiError } from "~/lib/api-client";
import { errorMessage, fieldErrors } from "~/lib/error-message";

type MoveDialogProps = {
  asking: { card: BoardCard; from: Stage; to: Stage } | null;
  onClose: () => void;
  /** Stores the move with its details; throws what the API refused. */
  onConfirm: (details: StageDetails) => Promise<void>;
  onStale: () => void;
};

/** A move to Perdido (its reason) or Ganado (its value) asks before it is made. */
export function MoveDialog({ asking, onClose, onConfirm, onStale }: MoveDialogProps) {
  return (
    <Dialog open={asking !== null} onClose={onClose} labelledBy="mover-titulo" className="max-w-md">
      {asking && (
        <MoveForm key={asking.card.id} asking={asking} onClose={onClose} onConfirm={onConfirm} onStale={onStale} />
      )}
    </Dialog>
  );
}

function MoveForm({
  asking,
  onClose,
  onConfirm,
  onStale,
}: MoveDialogProps & { asking: NonNullable<MoveDialogProps["asking"]> }) {
  const [details, setDetails] = useState<StageDetails>(NO_STAGE_DETAILS);
  const [errors, setErrors] = useState<StageErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { card, to } = asking;
  return (
    <form
      noValidate
      className="grid gap-4 p-6"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          await onConfirm(details);
        } catch (error) {
          const byField = fieldErrors(error, ["lostReason", "lostNote", "wonValue"] as const);
          setErrors(byField);
          if (Object.keys(byField).length === 0) setProblem(errorMessage(error));
          if (error instanceof ApiError && error.status === 409) onStale();
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 id="mover-titulo" className="font-bold text-leaf-900 text-xl">
        Mover a {card.name} a {STAGE_LABELS[to]}
      </h2>
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      <StageDetailsFields idPrefix="mover" stage={to} details={details} errors={errors} onChange={setDetails} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className={`${buttonStyles.secondary} min-h-11`}>
          Cancelar
        </button>
        <button type="submit" disabled={busy} className={`${buttonStyles.primary} min-h-11`}>
          {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Mover a {STAGE_LABELS[to]}
        </button>
      </div>
    </form>
  );
}
