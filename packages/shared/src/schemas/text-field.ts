import { z } from "zod";
import { hasNoControlCharacters, isSingleLine, isWellFormedText } from "../contact-rules.ts";

/** The Spanish sentences of one required text field. */
export type TextFieldMessages = {
  required: string;
  tooLong: string;
  /** Characters no text may hold (control characters, a lone half of an emoji). */
  badCharacters: string;
  /** A line break in a one-line field; `badCharacters` when not given. */
  lineBreak?: string;
};

/**
 * A required text field as people type it: trimmed, at most `max` characters, NFC-normalised, never a
 * control character (PostgreSQL refuses NUL) nor a malformed one. `single` also refuses line breaks.
 */
export const requiredText = (max: number, messages: TextFieldMessages, lines: "single" | "multi") =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(max, { error: messages.tooLong })
    .refine(lines === "single" ? isSingleLine : hasNoControlCharacters, {
      error: lines === "single" ? (messages.lineBreak ?? messages.badCharacters) : messages.badCharacters,
    })
    .refine(isWellFormedText, { error: messages.badCharacters })
    .transform((text) => text.normalize("NFC"));
