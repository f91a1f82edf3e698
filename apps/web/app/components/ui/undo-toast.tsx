import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";

/** How long `Deshacer` stays: long enough to read the sentence and reach the button. */
export const UNDO_SECONDS = 10;

export type UndoToastProps = {
  text: string;
  /** Undoes the change; the toast waits for it. */
  onUndo: () => Promise<void>;
  /** The time is up (or the change was undone): the toast goes. */
  onEnd: () => void;
};

/**
 * A change just made, with `Deshacer`, at the bottom of the screen whatever has scrolled. It goes
 * after UNDO_SECONDS, but not while the pointer or the keyboard is on it. The screen's own status
 * line says the sentence to screen readers; this only offers the way back.
 */
export function UndoToast({ text, onUndo, onEnd }: UndoToastProps) {
  const [held, setHeld] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (held || busy) return;
    const timer = setTimeout(onEnd, UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [held, busy, onEnd]);
  return (
    <section
      aria-label="Deshacer el último cambio"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      className="fixed inset-x-3 bottom-3 z-30 mx-auto flex max-w-lg items-center gap-3 rounded-2xl bg-leaf-950 px-4 py-2 text-white shadow-xl"
    >
      <p className="flex-1 text-sm">{text}</p>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onUndo();
          } finally {
            setBusy(false);
            onEnd();
          }
        }}
        className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-semibold ring-1 ring-white/50 hover:bg-white/10"
      >
        {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
        Deshacer
      </button>
    </section>
  );
}
