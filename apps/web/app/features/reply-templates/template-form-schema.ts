import "~/lib/zod-browser";
import { replyTemplateInputSchema } from "@app/shared";
import type { z } from "zod";

// The editor's form is judged by the API's own schema: same limits, same Spanish messages.

export const templateFormSchema = replyTemplateInputSchema;
export type TemplateFormInput = z.input<typeof templateFormSchema>;
export type TemplateFormValues = z.output<typeof templateFormSchema>;
