import type { SignatureInput } from "@app/shared";
import type { Signature } from "@app/shared/constants";
import { LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { buttonStyles } from "~/components/ui/button-styles";
import { BlockedLeaveConfirm } from "~/components/ui/leave-confirm";
import { Notice } from "~/components/ui/notice";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { useRouteAction } from "~/lib/route-action";
import { useLeaveGuard } from "~/lib/unsaved-changes";
import { useZodForm } from "~/lib/use-zod-form";
import { SignatureFields } from "./signature-fields";
import { SignaturePreview } from "./signature-preview";
import { type SignatureFormValues, signatureFormSchema, signatureFormValuesOf } from "./user-form-schemas";

const FIELDS = ["jobTitle", "phone", "whatsapp"] as const;

/** What "Mi firma" sends to its route's clientAction. */
export type OwnSignatureIntent = { intent: "save-signature"; body: SignatureInput };

export type OwnSignatureFormProps = { signature: Signature };

type Outcome = { tone: "success" | "problem"; text: string } | null;

/** "Mi firma": the signed-in person's job title, phone and WhatsApp under their replies. */
export function OwnSignatureForm({ signature }: OwnSignatureFormProps) {
  const { register, handleSubmit, formState, setError, control, reset } = useZodForm(signatureFormSchema, {
    defaultValues: signatureFormValuesOf(signature),
  });
  const action = useRouteAction();
  const { errors, isDirty, isSubmitting } = formState;
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Leaving with a signature typed and not saved asks first.
  const dirtyNow = useRef(isDirty);
  dirtyNow.current = isDirty;
  const { question } = useLeaveGuard(() => dirtyNow.current);
  const typed = useWatch({ control });

  const onValid = async (values: SignatureFormValues) => {
    setOutcome(null);
    try {
      const saved = await action.run<Signature>({
        intent: "save-signature",
        body: values,
      } satisfies OwnSignatureIntent);
      // Shows what was stored: "+593  99" comes back as "+593 99".
      reset(signatureFormValuesOf(saved));
      setOutcome({ tone: "success", text: "Tu firma se guardó. Tus próximas respuestas terminarán así." });
    } catch (error) {
      const onFields = fieldProblems(error, FIELDS);
      for (const { field, message } of onFields) setError(field, { message });
      if (onFields.length === 0) setOutcome({ tone: "problem", text: errorMessage(error) });
    }
  };

  return (
    <form
      noValidate
      aria-label="Mi firma"
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onValid)}
      className="grid max-w-md gap-4"
    >
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      <p className="text-stone-700">
        Tus respuestas por correo terminan con tu nombre, <strong>{signature.displayName}</strong>, y con lo que
        escribas aquí. Deja vacío lo que no quieras mostrar.
      </p>
      <SignatureFields idPrefix="own-signature" register={register} errors={errors} />
      <SignaturePreview displayName={signature.displayName} {...typed} />
      <button
        type="submit"
        disabled={isSubmitting}
        className={`${buttonStyles.primary} min-h-12 md:justify-self-start`}
      >
        {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
        Guardar firma
      </button>
      <BlockedLeaveConfirm question={question} />
    </form>
  );
}
