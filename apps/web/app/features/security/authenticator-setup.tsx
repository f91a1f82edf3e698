import type { AuthenticatorSetup as Setup } from "@app/shared";
import { Copy, LoaderCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { TextField } from "~/components/ui/text-field";
import { groupSecret, svgDataUrl } from "./authenticator-format";

export type AuthenticatorSetupProps = {
  setup: Setup;
  busy: boolean;
  /** The typed code's problem (format, or the server's "wrong code"). */
  codeError: string | undefined;
  onConfirm: (code: string) => void;
  onCancel: () => void;
};

/**
 * Scan the QR code (or type the secret), then `Código de verificación` to prove the app has it.
 * The QR is the server's SVG shown as an image, never inserted as markup.
 */
export function AuthenticatorSetupPanel({ setup, busy, codeError, onConfirm, onCancel }: AuthenticatorSetupProps) {
  const [code, setCode] = useState("");
  const [copied, setCopied] = useState<string>("");

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      setCopied("Clave copiada.");
    } catch {
      // Clipboard refused (permissions, an old browser): the secret is on screen to select by hand.
      setCopied("No se pudo copiar. Selecciona la clave y cópiala a mano.");
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(code);
  };

  return (
    <div className="grid gap-4 rounded-xl bg-cream p-4 ring-1 ring-stone-200">
      <ol className="grid list-decimal gap-4 pl-5 text-stone-800">
        <li>
          <div className="grid gap-2">
            <p>
              Abre tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator u otra) y escanea este
              código QR.
            </p>
            <img
              src={svgDataUrl(setup.qrSvg)}
              alt="Código QR para agregar esta cuenta a tu aplicación de autenticación"
              width={192}
              height={192}
              className="size-48 rounded-lg bg-white p-2 ring-1 ring-stone-200"
            />
          </div>
        </li>
        <li>
          <div className="grid gap-2">
            <p>Si no puedes escanearlo, escribe esta clave en la aplicación:</p>
            <div className="flex flex-wrap items-center gap-3">
              <code className="break-all rounded-lg bg-white px-3 py-2 font-mono text-leaf-950 ring-1 ring-stone-200">
                {groupSecret(setup.secret)}
              </code>
              <button type="button" onClick={copy} className={`${buttonStyles.secondary} min-h-11`}>
                <Copy className="size-4" aria-hidden="true" />
                Copiar clave
              </button>
            </div>
            <p role="status" className="text-sm text-stone-600">
              {copied}
            </p>
          </div>
        </li>
        <li>
          <form noValidate onSubmit={submit} aria-busy={busy} className="grid gap-3">
            <p>Escribe el código de 6 dígitos que muestra la aplicación.</p>
            <div className="max-w-xs">
              <TextField
                id="authenticator-code"
                name="code"
                label="Código de verificación"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={9}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={codeError}
              />
            </div>
            <div className="flex flex-wrap gap-3">
              <button type="submit" disabled={busy} className={`${buttonStyles.primary} min-h-11`}>
                {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
                Confirmar
              </button>
              <button type="button" onClick={onCancel} className={`${buttonStyles.secondary} min-h-11`}>
                Cancelar
              </button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
