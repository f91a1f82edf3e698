// What the contact form builds on besides its rules, loaded after them and before the form's module
// (contact-form-slot.tsx): the form set-up (react-hook-form with its resolver). Re-exported so the
// bundler keeps it in this chunk.
export { useZodForm } from "~/lib/use-zod-form";
