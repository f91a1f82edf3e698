import { useRef } from "react";
import type { LeaveQuestion } from "~/lib/unsaved-changes";
import { ConfirmDialog } from "./confirm-dialog";

export type LeaveConfirmProps = {
  open: boolean;
  /** Throws the unsaved work away and goes on (closes, navigates). */
  onLeave: () => void;
  /** Back to the work, as it was. */
  onStay: () => void;
};

/** The question before unsaved work is thrown away (lib/unsaved-changes.tsx). */
export function LeaveConfirm({ open, onLeave, onStay }: LeaveConfirmProps) {
  // The dialog closes after its confirm button too: that close is not "stay".
  const left = useRef(false);
  return (
    <ConfirmDialog
      open={open}
      title="¿Descartar los cambios sin guardar?"
      confirmLabel="Descartar cambios"
      cancelLabel="Seguir editando"
      describeError={() => ""}
      onClose={() => {
        if (!left.current) onStay();
        left.current = false;
      }}
      onConfirm={async () => {
        left.current = true;
        onLeave();
      }}
    >
      <p>Lo que escribiste o elegiste y no guardaste se perderá.</p>
    </ConfirmDialog>
  );
}

/** The same question for a navigation `useLeaveGuard` held back. */
export function BlockedLeaveConfirm({ question }: { question: LeaveQuestion }) {
  return <LeaveConfirm open={question.open} onLeave={question.leave} onStay={question.stay} />;
}
