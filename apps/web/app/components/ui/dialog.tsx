import { type ReactNode, useEffect, useRef } from "react";

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog (its title). */
  labelledBy: string;
  children: ReactNode;
  className?: string;
};

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and gives
 * focus back on close. Escape and a click on the backdrop call `onClose`.
 */
export function Dialog({ open, onClose, labelledBy, children, className = "" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    // The page behind must not scroll while the dialog is open.
    document.documentElement.style.overflow = open ? "hidden" : "";
    return () => {
      document.documentElement.style.overflow = "";
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (onCancel); the click is the backdrop's
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click whose target is the <dialog> itself landed on the backdrop, outside the content.
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className={`m-auto max-h-[90svh] w-[calc(100%-2rem)] overflow-hidden rounded-3xl bg-white p-0 shadow-2xl ${className}`}
    >
      {open && children}
    </dialog>
  );
}
