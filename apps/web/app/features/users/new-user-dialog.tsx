import type { UserAccount } from "@app/shared";
import { AUTH_MESSAGES } from "@app/shared/constants";
import { useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { Field, inputStyles } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { useZodForm } from "~/lib/use-zod-form";
import { RoleOptions } from "./role-options";
import { SignatureFields } from "./signature-fields";
import {
  type NewUserFormInput,
  type NewUserFormValues,
  newUserFormSchema,
  TEMPORARY_PASSWORD_HINT,
  toCreateUserRequest,
} from "./user-form-schemas";
import { useUsersAction } from "./users-actions";

const EMPTY: NewUserFormInput = {
  username: "",
  displayName: "",
  email: "",
  role: "personal",
  password: "",
  jobTitle: "",
  phone: "",
  whatsapp: "",
};
const FIELDS = ["username", "displayName", "email", "role", "password", "jobTitle", "phone", "whatsapp"] as const;

/** Server refusals that belong under one field rather than above the form. */
const FIELD_OF_MESSAGE: Record<string, (typeof FIELDS)[number]> = {
  [AUTH_MESSAGES.usernameTaken]: "username",
  [AUTH_MESSAGES.emailTaken]: "email",
};

export type NewUserDialogProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (account: UserAccount) => void;
};

export function NewUserDialog({ open, onClose, onCreated }: NewUserDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} labelledBy="nuevo-usuario-titulo" className="max-w-lg">
      <NewUserForm onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

/** Mounted each time the dialog opens, so it always starts empty. */
function NewUserForm({ onClose, onCreated }: Omit<NewUserDialogProps, "open">) {
  const { register, handleSubmit, formState, setError } = useZodForm(newUserFormSchema, { defaultValues: EMPTY });
  const run = useUsersAction();
  const { errors, isSubmitting, isDirty } = formState;
  const [problem, setProblem] = useState<string | null>(null);

  const onValid = async (values: NewUserFormValues) => {
    setProblem(null);
    try {
      onCreated(await run<UserAccount>({ intent: "create-user", body: toCreateUserRequest(values) }));
    } catch (error) {
      const onFields = fieldProblems(error, FIELDS);
      for (const { field, message } of onFields) setError(field, { message });
      const message = errorMessage(error);
      const field = FIELD_OF_MESSAGE[message];
      if (field) setError(field, { message });
      else if (onFields.length === 0) setProblem(message);
    }
  };

  return (
    <DialogForm
      titleId="nuevo-usuario-titulo"
      title="Nuevo usuario"
      busy={isSubmitting}
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      dirty={isDirty && !isSubmitting}
      submitLabel="Crear usuario"
      problem={problem}
    >
      <TextField
        id="new-user-username"
        label="Usuario"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint="Letras minúsculas, dígitos, punto, guion o guion bajo (3 a 64)."
        error={errors.username?.message}
        {...register("username")}
      />
      <TextField
        id="new-user-display-name"
        label="Nombre"
        autoComplete="off"
        error={errors.displayName?.message}
        {...register("displayName")}
      />
      <TextField
        id="new-user-email"
        label="Correo electrónico"
        type="email"
        autoComplete="off"
        optional
        hint="Para recuperar la contraseña por correo."
        error={errors.email?.message}
        {...register("email")}
      />
      <Field id="new-user-role" label="Rol" error={errors.role?.message}>
        <select id="new-user-role" className={inputStyles(Boolean(errors.role))} {...register("role")}>
          <RoleOptions />
        </select>
      </Field>
      <TextField
        id="new-user-password"
        label="Contraseña temporal"
        type="password"
        autoComplete="new-password"
        hint={TEMPORARY_PASSWORD_HINT}
        error={errors.password?.message}
        {...register("password")}
      />
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-leaf-900">Firma de sus respuestas</legend>
        <SignatureFields idPrefix="new-user" register={register} errors={errors} />
      </fieldset>
    </DialogForm>
  );
}
