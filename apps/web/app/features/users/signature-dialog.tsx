import type { UserAccount } from "@app/shared";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { useZodForm } from "~/lib/use-zod-form";
import { SignatureFields } from "./signature-fields";
import { SignaturePreview } from "./signature-preview";
import { type SignatureFormValues, signatureFormSchema, signatureFormValuesOf } from "./user-form-schemas";
import { useUsersAction } from "./users-actions";

const FIELDS = ["jobTitle", "phone", "whatsapp"] as const;

export type SignatureDialogProps = {
  /** The account whose signature is edited; null when the dialog is closed. */
  account: UserAccount | null;
  onClose: () => void;
  onSaved: (account: UserAccount) => void;
};

/** An administrator sets someone's `Firma`: job title, phone and WhatsApp under their replies. */
export function SignatureDialog({ account, onClose, onSaved }: SignatureDialogProps) {
  return (
    <Dialog open={account !== null} onClose={onClose} labelledBy="firma-titulo" className="max-w-md">
      {account && <SignatureForm account={account} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function SignatureForm({
  account,
  onClose,
  onSaved,
}: { account: UserAccount } & Omit<SignatureDialogProps, "account">) {
  const { register, handleSubmit, formState, setError, control } = useZodForm(signatureFormSchema, {
    defaultValues: signatureFormValuesOf(account),
  });
  const run = useUsersAction();
  const { errors, isDirty, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | null>(null);
  const typed = useWatch({ control });

  const onValid = async (values: SignatureFormValues) => {
    setProblem(null);
    try {
      onSaved(await run<UserAccount>({ intent: "update-user", userId: account.id, body: values }));
    } catch (error) {
      const onFields = fieldProblems(error, FIELDS);
      for (const { field, message } of onFields) setError(field, { message });
      if (onFields.length === 0) setProblem(errorMessage(error));
    }
  };

  return (
    <DialogForm
      titleId="firma-titulo"
      title={`Firma de ${account.username}`}
      busy={isSubmitting}
      dirty={isDirty && !isSubmitting}
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Guardar firma"
      problem={problem}
    >
      <SignatureFields idPrefix="signature" register={register} errors={errors} />
      <SignaturePreview displayName={account.displayName} {...typed} />
    </DialogForm>
  );
}
