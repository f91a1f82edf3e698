import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles";
import { Dialog } from "./dialog";

export type NoticeDialogProps = {
  /** id of the title, which names the dialog. */
  id: string;
  open: boolean;
  onClose: () => void;
  /** Runs once the dialog has closed and the browser has put the focus back. */
  onClosed?: () => void;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  closeLabel: string;
};

/** A short message in a modal with one button that closes it (focus returns where it was). */
export function NoticeDialog({ id, open, onClose, onClosed, icon, title, children, closeLabel }: NoticeDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} onClosed={onClosed} labelledBy={id} className="max-w-md">
      <div className="grid gap-4 p-6">
        <div className="flex items-start gap-3">
          {icon}
          <h2 id={id} className="font-bold text-leaf-900 text-xl">
            {title}
          </h2>
        </div>
        <div className="grid gap-3 text-stone-700">{children}</div>
        <button type="button" onClick={onClose} className={`${buttonStyles.primary} min-h-11 justify-self-end`}>
          {closeLabel}
        </button>
      </div>
    </Dialog>
  );
}
