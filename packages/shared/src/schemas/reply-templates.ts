import { z } from "zod";
import { hasNoControlCharacters, isSingleLine, isWellFormedText } from "../contact-rules.ts";
import { REPLY_TEMPLATE_LIMITS as L, REPLY_TEMPLATE_MESSAGES as M } from "../reply-template-rules.ts";

// Reply templates (`Plantillas`): administrators write them, staff pick one in the reply editor.

const templateName = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired, abort: true })
  .max(L.name, { error: M.nameTooLong })
  .refine(isSingleLine, { error: M.nameSingleLine })
  .refine(isWellFormedText, { error: M.badCharacters })
  .transform((text) => text.normalize("NFC"));

/** Several lines, tabs allowed; never NUL or other control characters (PostgreSQL refuses NUL). */
const templateBody = z
  .string({ error: M.bodyRequired })
  .trim()
  .min(1, { error: M.bodyRequired, abort: true })
  .max(L.body, { error: M.bodyTooLong })
  .refine(hasNoControlCharacters, { error: M.badCharacters })
  .refine(isWellFormedText, { error: M.badCharacters })
  .transform((text) => text.normalize("NFC"));

/** `POST /api/reply-templates` and `PUT /api/reply-templates/:id`: the editor's form uses it too. */
export const replyTemplateInputSchema = z.strictObject({ name: templateName, body: templateBody });
export type ReplyTemplateInput = z.input<typeof replyTemplateInputSchema>;
export type ReplyTemplateValues = z.output<typeof replyTemplateInputSchema>;

export const replyTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** With its `{variables}` as written; `fillTemplate` fills them for one contact. */
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;

/** `GET /api/reply-templates`: all of them, by name. */
export const replyTemplateListSchema = z.array(replyTemplateSchema);
