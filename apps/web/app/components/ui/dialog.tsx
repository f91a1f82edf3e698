import { type ReactNode, useEffect, useRef, useState } from "react";
import { DialogChangesContext, UnsavedChangesProvider, useUnsavedChanges } from "~/lib/unsaved-changes";
import { useHydrated } from "~/lib/use-hydrated";
import { LeaveConfirm } from "./leave-confirm";

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog (its title). */
  labelledBy: string;
  /** id of the element that explains the dialog, if any (a confirmation's consequences). */
  describedBy?: string;
  /** Runs once the dialog has closed and the browser has put the focus back. */
  onClosed?: () => void;
  /** `alertdialog` for a confirmation that interrupts the person's work. */
  role?: "dialog" | "alertdialog";
  children: ReactNode;
  className?: string;
};

let openDialogs = 0;

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and gives
 * focus back on close. Escape and a click on the backdrop call `onClose`, after asking when a part
 * inside holds unsaved work (lib/unsaved-changes.tsx); `useDialogChanges` gives the parts that close.
 */
export function Dialog({
  open,
  onClose,
  onClosed,
  labelledBy,
  describedBy,
  role,
  children,
  className = "",
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Read when the dialog closes; changing it does not reopen or close anything.
  const closedCallback = useRef(onClosed);
  closedCallback.current = onClosed;
  const closeRequested = useRef(onClose);
  closeRequested.current = onClose;
  const changes = useUnsavedChanges();
  const [asking, setAsking] = useState(false);
  const guarded = {
    ...changes,
    requestClose: () => (changes.isDirty() ? setAsking(true) : closeRequested.current()),
  };
  // A dialog open in the prerendered page (a product's own URL) is in the HTML with `open`, so it
  // shows before and without JavaScript; the script then makes it modal.
  const hydrated = useHydrated();
  const inPageHtml = useRef(!hydrated && open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const fromPageHtml = inPageHtml.current;
    inPageHtml.current = false;
    if (open && fromPageHtml && !dialog.open) {
      // Closed by the person (its Cerrar) before the script ran: that was their answer.
      closeRequested.current();
      return;
    }
    if (!open) {
      if (dialog.open) {
        dialog.close();
        closedCallback.current?.();
      }
      return;
    }
    let shown = false;
    const show = () => {
      if (!dialog.matches(":modal")) {
        if (dialog.open) dialog.close();
        dialog.showModal();
      }
      // The page behind must not scroll while a dialog is open; a dialog opened over another (a
      // confirmation) must not give the scroll back when it closes.
      openDialogs += 1;
      document.documentElement.style.overflow = "hidden";
      shown = true;
    };
    // A dialog the page's HTML already shows becomes modal in a task of its own: that lays the whole
    // page out again (about 30 ms at 4x CPU on a product's page), which would otherwise lengthen the
    // task that runs hydration's effects.
    const later = fromPageHtml ? setTimeout(show) : undefined;
    if (!fromPageHtml) show();
    return () => {
      clearTimeout(later);
      if (!shown) return;
      openDialogs -= 1;
      if (openDialogs === 0) document.documentElement.style.overflow = "";
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (onCancel); the click is the backdrop's
    <dialog
      ref={ref}
      open={typeof document === "undefined" && open ? true : undefined}
      // The browser's `open` of a prerendered dialog is the script's from then on (see above).
      suppressHydrationWarning
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      role={role === "alertdialog" ? role : undefined}
      onCancel={(event) => {
        // React passes a nested dialog's (a confirmation's) cancel up to this one: not ours.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        guarded.requestClose();
      }}
      // A click whose target is the <dialog> itself landed on the backdrop, outside the content.
      onClick={(event) => event.target === event.currentTarget && guarded.requestClose()}
      className={`m-auto max-h-[90svh] w-[calc(100%-2rem)] overflow-hidden rounded-3xl bg-white p-0 shadow-2xl ${className}`}
    >
      <DialogChangesContext.Provider value={guarded}>
        <UnsavedChangesProvider registry={changes.registry}>{open && children}</UnsavedChangesProvider>
      </DialogChangesContext.Provider>
      {asking && (
        <LeaveConfirm
          open
          onLeave={() => {
            changes.discard();
            setAsking(false);
            closeRequested.current();
          }}
          onStay={() => setAsking(false)}
        />
      )}
    </dialog>
  );
}
