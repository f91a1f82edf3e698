import type { ContactDetail, ServiceType } from "@app/shared";
import { CONTACT_LIMITS, CRM_MESSAGES, EMPTY_CONTACT_DETAILS } from "@app/shared/constants";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { ApiError } from "~/lib/api-client";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { useZodForm } from "~/lib/use-zod-form";
import { ContactFields } from "./contact-fields";
import {
  CONTACT_DETAIL_FIELDS,
  type NewContactFormInput,
  type NewContactFormValues,
  newContactFormSchema,
} from "./contact-form-schemas";
import { useContactsAction } from "./contacts-actions";
import { ServiceCheckboxes } from "./service-checkboxes";

const EMPTY: NewContactFormInput = { ...EMPTY_CONTACT_DETAILS, message: "", serviceTypeIds: [] };
const FIELDS = [...CONTACT_DETAIL_FIELDS, "message", "serviceTypeIds"] as const;

export type NewContactDialogProps = {
  open: boolean;
  serviceTypes: ServiceType[] | null;
  onClose: () => void;
  onCreated: (detail: ContactDetail) => void;
};

/** "Nuevo Contacto": the public form's fields and rules (minus consent), plus an optional first message. */
export function NewContactDialog({ open, ...props }: NewContactDialogProps) {
  return (
    <Dialog open={open} onClose={props.onClose} labelledBy="nuevo-contacto-titulo" className="max-w-2xl">
      <NewContactForm {...props} />
    </Dialog>
  );
}

/** Mounted each time the dialog opens, so it always starts empty. */
function NewContactForm({ serviceTypes, onClose, onCreated }: Omit<NewContactDialogProps, "open">) {
  const { register, handleSubmit, formState, setError, control } = useZodForm(newContactFormSchema, {
    defaultValues: EMPTY,
  });
  const action = useContactsAction();
  const { errors, isDirty, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | null>(null);

  const onValid = async ({ message, ...values }: NewContactFormValues) => {
    setProblem(null);
    try {
      // An empty first message means none: the contact is stored without messages.
      const body = message ? { ...values, message } : values;
      onCreated(await action.run<ContactDetail>({ intent: "create-contact", body }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError("email", { message: error.message || CRM_MESSAGES.emailTaken }, { shouldFocus: true });
        return;
      }
      const onFields = fieldProblems(error, FIELDS);
      for (const { field, message: text } of onFields) setError(field, { message: text });
      if (onFields.length === 0) setProblem(errorMessage(error));
    }
  };

  return (
    <DialogForm
      titleId="nuevo-contacto-titulo"
      title="Nuevo Contacto"
      busy={isSubmitting}
      dirty={isDirty && !isSubmitting}
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Crear contacto"
      problem={problem}
      layout="long"
    >
      <ContactFields idPrefix="nuevo-contacto" register={register} errors={errors} />
      <Field id="nuevo-contacto-mensaje" label="Mensaje" optional error={errors.message?.message}>
        <textarea
          id="nuevo-contacto-mensaje"
          rows={3}
          maxLength={CONTACT_LIMITS.message}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy("nuevo-contacto-mensaje", { error: errors.message?.message })}
          className={`${inputStyles(Boolean(errors.message))} resize-y`}
          {...register("message")}
        />
      </Field>
      <Controller
        control={control}
        name="serviceTypeIds"
        render={({ field }) => (
          <ServiceCheckboxes
            legend="Productos o servicios de interés"
            idPrefix="nuevo-contacto-servicio"
            types={serviceTypes}
            value={(field.value ?? []) as number[]}
            onChange={field.onChange}
          />
        )}
      />
    </DialogForm>
  );
}
