import { richTextProblems } from "../rich-text.ts";
import { requiredText, type TextFieldMessages } from "./text-field.ts";

/**
 * A required rich text (rich-text.ts): paragraphs as `requiredText` checks them, whose links each go
 * to a web page, an email address or a telephone number. Each link that does not is an issue of its
 * own, in Spanish and naming the link's text, so the API's 400 and the editor's form say which.
 */
export const richText = (max: number, messages: Omit<TextFieldMessages, "lineBreak">) =>
  requiredText(max, messages, "multi").superRefine((text, context) => {
    for (const message of richTextProblems(text)) context.addIssue({ code: "custom", message });
  });
