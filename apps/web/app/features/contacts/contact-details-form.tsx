import type { Contact } from "@app/shared";
import { CRM_MESSAGES } from "@app/shared/constants";
import { useEffect } from "react";
import { ApiError } from "~/lib/api-client";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { useTrackedEdit } from "~/lib/unsaved-changes";
import { useZodForm } from "~/lib/use-zod-form";
import { ContactFields } from "./contact-fields";
import {
  CONTACT_DETAIL_FIELDS,
  type ContactFieldsFormValues,
  contactDetailsOf,
  contactFieldsFormSchema,
} from "./contact-form-schemas";
import { useContactsAction } from "./contacts-actions";

export type ContactDetailsFormProps = {
  /** The form's id: the dialog's "Guardar" button submits it from the dialog's footer. */
  id: string;
  contact: Contact;
  /** "Editar" opened the dialog: the keyboard starts in the first field. */
  focusFirstField: boolean;
  /** Enter in a field, or the dialog's `Guardar`: the dialog stores everything changed in it. */
  onSubmit: () => void;
  /** A refusal that belongs to no field. */
  onProblem: (text: string) => void;
};

/**
 * The contact's data, editable (`PATCH /api/clients/:id`), stored by the dialog's one `Guardar`
 * (decision 047); a taken email is said under Correo.
 */
export function ContactDetailsForm({ id, contact, focusFirstField, onSubmit, onProblem }: ContactDetailsFormProps) {
  const { register, handleSubmit, formState, reset, setError, setFocus } = useZodForm(contactFieldsFormSchema, {
    defaultValues: contactDetailsOf(contact),
  });
  const action = useContactsAction();
  const { errors, isDirty, isSubmitting } = formState;

  // After the dialog has opened (and placed the focus itself), the first field takes it.
  useEffect(() => {
    if (!focusFirstField) return;
    const frame = requestAnimationFrame(() => setFocus("firstName"));
    return () => cancelAnimationFrame(frame);
  }, [focusFirstField, setFocus]);

  const store = async (values: ContactFieldsFormValues) => {
    try {
      await action.run({ intent: "update-contact", contactId: contact.id, body: values });
      // What is stored now is what the fields hold: nothing left unsaved.
      reset(values);
      return "Datos del contacto guardados.";
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError("email", { message: error.message || CRM_MESSAGES.emailTaken }, { shouldFocus: true });
        return null;
      }
      const onFields = fieldProblems(error, CONTACT_DETAIL_FIELDS);
      for (const { field, message } of onFields) setError(field, { message });
      if (onFields.length === 0) onProblem(errorMessage(error));
      return null;
    }
  };

  useTrackedEdit("datos", {
    dirty: isDirty,
    save: async () => {
      // Invalid fields are marked (and the first one focused) without calling `store`: refused.
      let said: string | null = null;
      await handleSubmit(async (values) => {
        said = await store(values);
      })();
      return said;
    },
  });

  return (
    <form
      id={id}
      noValidate
      aria-label="Datos del contacto"
      aria-busy={isSubmitting}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ContactFields idPrefix={id} register={register} errors={errors} />
    </form>
  );
}
