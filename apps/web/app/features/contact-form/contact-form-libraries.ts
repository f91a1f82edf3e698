// What the contact form builds on, loaded on its own before the form's module (contact-form-slot.tsx):
// the shared rules (zod) and the form set-up (react-hook-form with its resolver). Re-exported so the
// bundler keeps them in this chunk.
export { contactFormSchema } from "@app/shared";
export { useZodForm } from "~/lib/use-zod-form";
