import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Notice } from "~/components/ui/notice";
import { errorMessage } from "~/lib/error-message";
import { useUsersAction } from "./users-actions";

export type SecondFactorPolicyFormProps = {
  required: boolean;
  /** The administrator looking at it has no second factor: turning it on stops them too. */
  selfWithoutFactor: boolean;
};

/** `Exigir segundo factor`: saved as soon as it is changed (one checkbox, nothing else to fill in). */
export function SecondFactorPolicyForm({ required, selfWithoutFactor }: SecondFactorPolicyFormProps) {
  const run = useUsersAction();
  const [checked, setChecked] = useState(required);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "success" | "problem"; text: string } | null>(null);

  // What the server holds after a reload (or a colleague's change) wins over what was shown.
  useEffect(() => setChecked(required), [required]);

  // Not disabled while saving: a disabled checkbox would drop the keyboard focus.
  const change = async (next: boolean) => {
    if (busy) return;
    setChecked(next);
    setBusy(true);
    setOutcome(null);
    try {
      await run({ intent: "save-second-factor-policy", required: next });
      setOutcome({
        tone: "success",
        text: next
          ? "Ahora se exige un segundo factor. Quien no tenga uno deberá agregarlo antes de seguir usando el CRM."
          : "Ya no se exige un segundo factor. Quien lo tenga lo seguirá usando al iniciar sesión.",
      });
    } catch (error) {
      setChecked(!next);
      setOutcome({ tone: "problem", text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="segundo-factor-titulo"
      aria-busy={busy}
      className="grid gap-3 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <h2 id="segundo-factor-titulo" className="font-bold text-leaf-900 text-lg">
        Segundo factor
      </h2>
      <label htmlFor="require-second-factor" className="flex min-h-11 items-center gap-3 font-semibold text-leaf-900">
        <input
          id="require-second-factor"
          type="checkbox"
          checked={checked}
          aria-describedby="require-second-factor-hint"
          onChange={(event) => change(event.target.checked)}
          className="size-5 accent-leaf-700"
        />
        Exigir segundo factor
        {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
      </label>
      <div id="require-second-factor-hint" className="grid gap-1 text-sm text-stone-700">
        <p>
          Cada persona deberá iniciar sesión con una llave de acceso o un código de su aplicación de autenticación,
          además de la contraseña. Quien aún no tenga uno solo podrá abrir Seguridad de la cuenta hasta agregarlo.
        </p>
        {selfWithoutFactor && (
          <p className="font-semibold text-petal-700">
            Tú aún no tienes un segundo factor: si lo exiges, tendrás que agregar uno para seguir.
          </p>
        )}
      </div>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
    </section>
  );
}
