import { LoaderCircle, Repeat } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";
import { errorMessage } from "~/lib/error-message";

export type RepeatOrderDialogProps = {
  open: boolean;
  /** `PED-2026-12`. */
  number: string;
  /** Makes the quote and goes to it; throws the API's refusal. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/** The question before `Repetir pedido`: what it makes, and that nothing goes to the client yet. */
export function RepeatOrderDialog({ open, number, onConfirm, onClose }: RepeatOrderDialogProps) {
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
      labelledBy="repetir-pedido-titulo"
      describedBy="repetir-pedido-texto"
      role="alertdialog"
      className="max-w-md"
    >
      <div className="grid gap-4 p-6">
        <h2 id="repetir-pedido-titulo" className="font-bold text-leaf-900 text-xl">
          ¿Repetir el pedido {number}?
        </h2>
        <div id="repetir-pedido-texto" className="grid gap-2 text-stone-700">
          <p>Se abrirá una nueva oportunidad y una cotización en borrador con los precios de hoy.</p>
          <p>Lleva las mismas presentaciones y cantidades; podrás revisarla antes de enviarla al cliente.</p>
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
              } catch (error) {
                setProblem(errorMessage(error));
              } finally {
                setBusy(false);
              }
            }}
            className={`${buttonStyles.primary} min-h-11`}
          >
            {busy ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Repeat className="size-4" aria-hidden="true" />
            )}
            Repetir pedido
          </button>
        </div>
      </div>
    </Dialog>
  );
}
