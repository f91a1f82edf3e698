import { LoaderCircle, TriangleAlert } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { buttonStyles } from "./button-styles";
import { Dialog } from "./dialog";

export type ConfirmDialogProps = {
  open: boolean;
  /** The question, which names the dialog: "¿Está seguro de que desea eliminar este mensaje?". */
  title: string;
  /** What happens if the person confirms. */
  children?: ReactNode;
  confirmLabel: string;
  /** The button that leaves everything as it was; "Cancelar" unless the question needs other words. */
  cancelLabel?: string;
  /** Runs the action; the dialog waits for it and shows its error if it throws. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** Turns a thrown error into the sentence to show. */
  describeError: (error: unknown) => string;
  /**
   * Where the focus goes after a confirmed action, when the button that opened the question is
   * gone with what it deleted. Cancelling always returns it to that button.
   */
  focusAfterConfirm?: () => HTMLElement | null;
};

/**
 * A question before a destructive action. "Cancelar" (and Escape, and the backdrop) leave everything
 * as it was; the confirm button runs the action and closes the dialog when it succeeds.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancelar",
  onConfirm,
  onClose,
  describeError,
  focusAfterConfirm,
}: ConfirmDialogProps) {
  const id = useId();
  const confirmed = useRef(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setProblem(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      labelledBy={`${id}-title`}
      describedBy={children ? `${id}-text` : undefined}
      role="alertdialog"
      className="max-w-md"
      onClosed={() => {
        if (!confirmed.current) return;
        confirmed.current = false;
        focusAfterConfirm?.()?.focus();
      }}
    >
      <div className="grid gap-4 p-6">
        <div className="flex items-start gap-3">
          <TriangleAlert className="mt-0.5 size-6 shrink-0 text-petal-700" aria-hidden="true" />
          <h2 id={`${id}-title`} className="font-bold text-leaf-900 text-xl">
            {title}
          </h2>
        </div>
        {children && (
          <div id={`${id}-text`} className="grid gap-2 text-stone-700">
            {children}
          </div>
        )}
        {problem && (
          <p role="alert" className="font-medium text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={close} className={`${buttonStyles.secondary} min-h-11`}>
            {cancelLabel}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setProblem(null);
              try {
                await onConfirm();
                setBusy(false);
                confirmed.current = true;
                onClose();
              } catch (error) {
                setBusy(false);
                setProblem(describeError(error));
              }
            }}
            className={`${buttonStyles.danger} min-h-11`}
          >
            {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
