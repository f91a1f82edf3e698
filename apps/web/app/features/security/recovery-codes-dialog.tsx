import { Download } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";
import { site } from "~/content/site";
import { saveFile } from "~/lib/save-file";
import { recoveryCodesFilename, recoveryCodesText } from "./recovery-codes-file";

export type RecoveryCodesDialogProps = {
  /** The codes just made; null when the dialog is closed. They are never shown again. */
  codes: string[] | null;
  username: string;
  onClose: () => void;
};

const TITLE_ID = "codigos-recuperacion-titulo";

/**
 * The new recovery codes, shown once: `Descargar códigos` saves them as a text file, and the dialog
 * closes only after "Los guardé en un lugar seguro", so nobody loses them by a stray Escape.
 */
export function RecoveryCodesDialog({ codes, username, onClose }: RecoveryCodesDialogProps) {
  const [saved, setSaved] = useState(false);
  const close = () => {
    if (!saved) return;
    setSaved(false);
    onClose();
  };

  const download = () => {
    if (!codes) return;
    const now = new Date();
    const text = recoveryCodesText({ siteName: site.name, username, codes, createdAt: now });
    saveFile({
      blob: new Blob([text], { type: "text/plain;charset=utf-8" }),
      filename: recoveryCodesFilename(username, now),
    });
  };

  return (
    <Dialog
      open={codes !== null}
      onClose={close}
      labelledBy={TITLE_ID}
      describedBy={`${TITLE_ID}-texto`}
      className="max-w-lg"
    >
      <div className="flex max-h-[90svh] flex-col gap-4 overflow-y-auto p-6">
        <h2 id={TITLE_ID} className="font-bold text-leaf-900 text-xl">
          Tus códigos de recuperación
        </h2>
        <div id={`${TITLE_ID}-texto`} className="grid gap-2 text-sm text-stone-700">
          <p>
            Si pierdes tu llave de acceso o tu teléfono, cada código te deja iniciar sesión una sola vez. Guárdalos en
            un lugar seguro: no se volverán a mostrar.
          </p>
        </div>
        <ol className="grid grid-cols-1 gap-2 rounded-xl bg-cream p-4 font-mono text-leaf-950 ring-1 ring-stone-200 sm:grid-cols-2">
          {codes?.map((code) => (
            <li key={code} className="tracking-wide">
              {code}
            </li>
          ))}
        </ol>
        <div>
          <button type="button" onClick={download} className={`${buttonStyles.secondary} min-h-11`}>
            <Download className="size-4" aria-hidden="true" />
            Descargar códigos
          </button>
        </div>
        <label htmlFor="recovery-codes-saved" className="flex min-h-11 items-center gap-3 text-stone-800">
          <input
            id="recovery-codes-saved"
            type="checkbox"
            checked={saved}
            onChange={(event) => setSaved(event.target.checked)}
            className="size-5 accent-leaf-700"
          />
          Los guardé en un lugar seguro
        </label>
        <button
          type="button"
          disabled={!saved}
          onClick={close}
          className={`${buttonStyles.primary} min-h-11 justify-self-end self-end`}
        >
          Cerrar
        </button>
      </div>
    </Dialog>
  );
}
