import type { Client, ClientDetail } from "@app/shared";
import { CRM_MESSAGES } from "@app/shared/constants";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { ApiError } from "~/lib/api-client";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { ContactFields } from "./contact-fields";
import {
  CONTACT_DETAIL_FIELDS,
  type ContactDetailsFormInput,
  type ContactDetailsFormValues,
  contactDetailsFormSchema,
  contactDetailsOf,
} from "./contact-form-schemas";
import { updateClient } from "./contacts-api";

export type ContactDetailsFormProps = {
  /** The form's id: the dialog's "Guardar" button submits it from the dialog's footer. */
  id: string;
  client: Client;
  /** "Editar" opened the dialog: the keyboard starts in the first field. */
  focusFirstField: boolean;
  onSavingChange: (saving: boolean) => void;
  onSaved: (detail: ClientDetail) => void;
  /** A refusal that belongs to no field. */
  onProblem: (text: string) => void;
};

/** The contact's data, editable (`PATCH /api/clients/:id`); a taken email is said under Correo. */
export function ContactDetailsForm({
  id,
  client,
  focusFirstField,
  onSavingChange,
  onSaved,
  onProblem,
}: ContactDetailsFormProps) {
  const { register, handleSubmit, formState, setError, setFocus } = useForm<
    ContactDetailsFormInput,
    unknown,
    ContactDetailsFormValues
  >({
    resolver: zodResolver(contactDetailsFormSchema),
    mode: "onTouched",
    defaultValues: contactDetailsOf(client),
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => onSavingChange(isSubmitting), [isSubmitting, onSavingChange]);

  // After the dialog has opened (and placed the focus itself), the first field takes it.
  useEffect(() => {
    if (!focusFirstField) return;
    const frame = requestAnimationFrame(() => setFocus("firstName"));
    return () => cancelAnimationFrame(frame);
  }, [focusFirstField, setFocus]);

  const onValid = async (values: ContactDetailsFormValues) => {
    try {
      onSaved(await updateClient(client.id, values));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError("email", { message: error.message || CRM_MESSAGES.emailTaken }, { shouldFocus: true });
        return;
      }
      const onFields = fieldProblems(error, CONTACT_DETAIL_FIELDS);
      for (const { field, message } of onFields) setError(field, { message });
      if (onFields.length === 0) onProblem(errorMessage(error));
    }
  };

  return (
    <form id={id} noValidate aria-label="Datos del contacto" aria-busy={isSubmitting} onSubmit={handleSubmit(onValid)}>
      <ContactFields idPrefix={id} register={register} errors={errors} />
    </form>
  );
}
