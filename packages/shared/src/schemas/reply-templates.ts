import { z } from "zod";
import { REPLY_TEMPLATE_LIMITS as L, REPLY_TEMPLATE_MESSAGES as M } from "../reply-template-rules.ts";
import { requiredText } from "./text-field.ts";

// Reply templates (`Plantillas`): administrators write them, staff pick one in the reply editor.

const templateName = requiredText(
  L.name,
  { required: M.nameRequired, tooLong: M.nameTooLong, badCharacters: M.badCharacters, lineBreak: M.nameSingleLine },
  "single",
);

/** Several lines, tabs allowed; never NUL or other control characters (PostgreSQL refuses NUL). */
const templateBody = requiredText(
  L.body,
  { required: M.bodyRequired, tooLong: M.bodyTooLong, badCharacters: M.badCharacters },
  "multi",
);

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
