import type { ContactFormToken } from "@app/shared";
import { CONTACT_FORM_TOKEN_FIELD } from "@app/shared/constants";
import { type RefObject, useEffect } from "react";
import { apiRequest } from "~/lib/api-client";

// The contact form's token (decision 046): when the server served the form, signed by it, so that it
// can tell a person's fill time from a bot's. The server writes it into the pages it sends; the
// hidden field keeps it, and both ways of sending (this app's and the plain form's) read it there.

function tokenField(form: HTMLFormElement | null) {
  const field = form?.elements.namedItem(CONTACT_FORM_TOKEN_FIELD);
  return field instanceof HTMLInputElement ? field : undefined;
}

/** The token the form holds, if any. */
export const readFormToken = (form: HTMLFormElement | null) => tokenField(form)?.value || undefined;

/**
 * A form drawn without the server's HTML (a client-side navigation, `npm run dev`) has an empty
 * field: it asks the API for a token as it appears. Without one the request still goes, and waits
 * for review.
 */
export function useFormToken(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const field = tokenField(form.current);
    if (!field || field.value) return;
    let active = true;
    apiRequest<ContactFormToken>("/contact-form-token")
      .then(({ token }) => {
        if (active && !field.value) field.value = token;
      })
      .catch((error: unknown) => console.warn("No se pudo preparar el formulario de contacto.", error));
    return () => {
      active = false;
    };
  }, [form]);
}
