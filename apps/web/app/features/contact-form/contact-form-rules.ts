// The contact form's rules, loaded on their own after zod (contact-form-slot.tsx): building the
// shared schema is a task of its own. Re-exported so the bundler keeps them in this chunk.
import "~/lib/zod-browser";

export { contactFormSchema } from "@app/shared";
