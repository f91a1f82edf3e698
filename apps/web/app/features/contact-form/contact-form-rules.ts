// The contact form's rules, loaded on their own before anything else of the form
// (contact-form-slot.tsx): zod and the shared schema, the largest part of the form's code.
// Re-exported so the bundler keeps them in this chunk.
import "~/lib/zod-browser";

export { contactFormSchema } from "@app/shared";
