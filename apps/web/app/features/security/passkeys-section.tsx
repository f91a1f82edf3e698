import type { FactorAdded, Passkey } from "@app/shared";
import { KeyRound, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { errorMessage } from "~/lib/error-message";
import { formatDateTime } from "~/lib/format-date";
import { PasskeyNameDialog, type PasskeyNameTask } from "./passkey-name-dialog";
import { useSecurityAction } from "./security-actions";
import { type Outcome, SecuritySection } from "./security-section";
import { smallActionStyles } from "./security-styles";

export type PasskeysSectionProps = {
  passkeys: Passkey[];
  /** A factor was added: recovery codes to show when it was the first one. */
  onFactorAdded: (added: FactorAdded) => void;
};

/** `Llaves de acceso`: the list (name, dates, synced or not), rename, remove, `Agregar llave de acceso`. */
export function PasskeysSection({ passkeys, onFactorAdded }: PasskeysSectionProps) {
  const run = useSecurityAction();
  const [task, setTask] = useState<PasskeyNameTask>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <SecuritySection
      id="llaves-titulo"
      title="Llaves de acceso"
      headingRef={headingRef}
      outcome={outcome}
      description={
        <p>
          Inicia sesión con la huella, el rostro o el PIN de tu dispositivo, sin escribir códigos. Una llave
          sincronizada se guarda en tu cuenta de Apple, Google o Microsoft y sigue disponible si cambias de dispositivo.
        </p>
      }
    >
      {passkeys.length === 0 ? (
        <p className="text-stone-600">Aún no tienes llaves de acceso.</p>
      ) : (
        <ul className="grid gap-3">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-col gap-3 rounded-xl p-3 ring-1 ring-stone-200 md:flex-row md:items-center"
            >
              <KeyRound className="hidden size-5 shrink-0 text-leaf-700 md:block" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-leaf-900">
                  <span className="break-words">{passkey.name}</span>
                  {passkey.backedUp && (
                    <span className="rounded-full bg-leaf-100 px-2 py-0.5 font-semibold text-leaf-900 text-xs">
                      sincronizada
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-600">
                  Creada el {formatDateTime(passkey.createdAt)} · Último uso:{" "}
                  {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : "nunca"}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={() => setTask({ kind: "rename", passkey })}
                  className={smallActionStyles}
                >
                  Cambiar nombre<span className="sr-only"> de {passkey.name}</span>
                </button>
                <button type="button" onClick={() => setRemoving(passkey)} className={smallActionStyles}>
                  Quitar<span className="sr-only"> {passkey.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          onClick={() => {
            setOutcome(null);
            setTask({ kind: "add" });
          }}
          className={`${buttonStyles.primary} min-h-11`}
        >
          <Plus className="size-4" aria-hidden="true" />
          Agregar llave de acceso
        </button>
      </div>
      <PasskeyNameDialog
        task={task}
        onClose={() => setTask(null)}
        onAdded={(name, added) => {
          setTask(null);
          setOutcome({ tone: "success", text: `Se agregó la llave de acceso ${name}.` });
          onFactorAdded(added);
        }}
        onRenamed={(name) => {
          setTask(null);
          setOutcome({ tone: "success", text: `La llave de acceso ahora se llama ${name}.` });
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`¿Quitar la llave de acceso ${removing?.name ?? ""}?`}
        confirmLabel="Quitar llave de acceso"
        onClose={() => setRemoving(null)}
        describeError={errorMessage}
        focusAfterConfirm={() => headingRef.current}
        onConfirm={async () => {
          if (!removing) return;
          await run({ intent: "remove-passkey", id: removing.id });
          setOutcome({ tone: "success", text: `Se quitó la llave de acceso ${removing.name}.` });
        }}
      >
        <p>
          Ya no podrás iniciar sesión con ella. La llave puede seguir guardada en el dispositivo: bórrala allí también.
        </p>
      </ConfirmDialog>
    </SecuritySection>
  );
}
