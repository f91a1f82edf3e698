// What the contact form builds on, loaded on its own before the form's module (contact-form-slot.tsx):
// the shared rules (zod) and react-hook-form with its resolver. Re-exported so the bundler keeps them.
import "~/lib/zod-browser";

export { contactFormSchema } from "@app/shared";
export { zodResolver } from "@hookform/resolvers/zod";
export { useForm } from "react-hook-form";
