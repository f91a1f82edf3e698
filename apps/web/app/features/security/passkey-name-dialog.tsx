import "~/lib/zod-browser";
import { type FactorAdded, type Passkey, passkeyNameField } from "@app/shared";
import { useEffect, useState } from "react";
import { z } from "zod";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { TextField } from "~/components/ui/text-field";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { passkeyErrorMessage } from "~/lib/passkey-errors";
import { useRecentPassword } from "~/lib/recent-password";
import { useZodForm } from "~/lib/use-zod-form";
import { preloadWebauthn, registerPasskey } from "~/lib/webauthn";
import { useSecurityAction } from "./security-actions";
import { passkeyRegistrationOptions } from "./security-api";

const passkeyNameFormSchema = z.object({ name: passkeyNameField });
type PasskeyNameValues = z.output<typeof passkeyNameFormSchema>;

/** Adding a new passkey, or renaming one; null when the dialog is closed. */
export type PasskeyNameTask = { kind: "add" } | { kind: "rename"; passkey: Passkey } | null;

export type PasskeyNameDialogProps = {
  task: PasskeyNameTask;
  onClose: () => void;
  onAdded: (name: string, added: FactorAdded) => void;
  onRenamed: (name: string) => void;
};

const TITLE_ID = "llave-nombre-titulo";

/** Asks the passkey's name; for a new one, then opens the browser's prompt that creates it. */
export function PasskeyNameDialog({ task, onClose, ...done }: PasskeyNameDialogProps) {
  return (
    <Dialog open={task !== null} onClose={onClose} labelledBy={TITLE_ID} className="max-w-md">
      {task && <PasskeyNameForm task={task} onClose={onClose} {...done} />}
    </Dialog>
  );
}

function PasskeyNameForm({
  task,
  onClose,
  onAdded,
  onRenamed,
}: { task: NonNullable<PasskeyNameTask> } & Omit<PasskeyNameDialogProps, "task">) {
  const adding = task.kind === "add";
  const { register, handleSubmit, formState, setError } = useZodForm(passkeyNameFormSchema, {
    defaultValues: { name: adding ? "" : task.passkey.name },
  });
  const run = useSecurityAction();
  const recent = useRecentPassword();
  const [problem, setProblem] = useState<string | null>(null);
  const { errors, isSubmitting } = formState;

  // The browser library arrives while the name is typed, so its prompt opens right after the submit.
  useEffect(() => {
    if (adding) void preloadWebauthn().catch(() => {});
  }, [adding]);

  const onValid = async ({ name }: PasskeyNameValues) => {
    setProblem(null);
    try {
      if (adding) {
        const { options } = await recent(passkeyRegistrationOptions);
        const credential = await registerPasskey(options);
        onAdded(name, await run<FactorAdded>({ intent: "add-passkey", name, credential }));
      } else {
        await run({ intent: "rename-passkey", id: task.passkey.id, name });
        onRenamed(name);
      }
    } catch (error) {
      const onFields = fieldProblems(error, ["name"] as const);
      for (const { field, message } of onFields) setError(field, { message });
      if (onFields.length === 0) setProblem(adding ? passkeyErrorMessage(error, "create") : errorMessage(error));
    }
  };

  return (
    <DialogForm
      titleId={TITLE_ID}
      title={adding ? "Agregar llave de acceso" : "Cambiar nombre de la llave de acceso"}
      busy={isSubmitting}
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={adding ? "Continuar" : "Guardar nombre"}
      intro={
        adding ? (
          <p className="text-sm text-stone-700">
            Ponle un nombre para reconocerla. Después tu navegador te pedirá crear la llave con tu huella, tu rostro, el
            PIN del dispositivo o una llave de seguridad.
          </p>
        ) : undefined
      }
      problem={problem}
    >
      <TextField
        id="passkey-name"
        label="Nombre de la llave"
        placeholder="Laptop oficina"
        autoComplete="off"
        maxLength={60}
        error={errors.name?.message}
        {...register("name")}
      />
    </DialogForm>
  );
}
