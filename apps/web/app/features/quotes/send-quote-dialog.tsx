import { LoaderCircle, Send } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";
import { EmailAddress } from "~/components/ui/email-address";
import { errorMessage } from "~/lib/error-message";

export type SendQuoteDialogProps = {
  open: boolean;
  /** Who receives it: the contact's email. */
  email: string;
  /** Its number when it went once already (sent again, with new links). */
  number: string | null;
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/** The question before a quote leaves: it names the address it goes to. */
export function SendQuoteDialog({ open, email, number, onConfirm, onClose }: SendQuoteDialogProps) {
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
      labelledBy="enviar-cotizacion-titulo"
      describedBy="enviar-cotizacion-texto"
      role="alertdialog"
      className="max-w-md"
    >
      <div className="grid gap-4 p-6">
        <h2 id="enviar-cotizacion-titulo" className="font-bold text-leaf-900 text-xl">
          {number ? `¿Enviar de nuevo la cotización ${number}?` : "¿Enviar la cotización?"}
        </h2>
        <div id="enviar-cotizacion-texto" className="grid gap-2 text-stone-700">
          <p>
            Se enviará a{" "}
            <strong className="font-semibold text-leaf-900">
              <EmailAddress email={email} />
            </strong>{" "}
            con el PDF adjunto y los enlaces para aceptarla o rechazarla.
          </p>
          <p>
            {number
              ? "Los enlaces del correo anterior dejarán de funcionar."
              : "Recibirá su número y ya no se podrá modificar."}
          </p>
        </div>
        {problem && (
          <p role="alert" className="font-medium text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={close} className={`${buttonStyles.secondary} min-h-11`}>
            Cancelar
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
                onClose();
              } catch (error) {
                setBusy(false);
                setProblem(errorMessage(error));
              }
            }}
            className={`${buttonStyles.primary} min-h-11`}
          >
            {busy ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Send className="size-4" aria-hidden="true" />
            )}
            Enviar cotización
          </button>
        </div>
      </div>
    </Dialog>
  );
}
