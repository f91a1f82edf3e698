import { describe, expect, it } from "vitest";
import { REPLY_TEMPLATE_MESSAGES as M, SIGNATURE_MESSAGES as S } from "../reply-template-rules.ts";
import { messagesOf } from "../testing/messages-of.ts";
import { replyTemplateInputSchema } from "./reply-templates.ts";
import { signatureInputSchema } from "./signature.ts";
import { updateUserRequestSchema } from "./users.ts";

describe("reply template schema", () => {
  it("trims name and text and keeps the text's lines", () => {
    expect(
      replyTemplateInputSchema.parse({ name: "  Bienvenida ", body: "\n Hola {nombre}:\n\nGracias.  \n" }),
    ).toEqual({
      name: "Bienvenida",
      body: "Hola {nombre}:\n\nGracias.",
    });
  });

  it("says in Spanish what is missing or too long", () => {
    expect(messagesOf(replyTemplateInputSchema.safeParse({ name: "  ", body: " \n " }))).toEqual({
      name: M.nameRequired,
      body: M.bodyRequired,
    });
    expect(messagesOf(replyTemplateInputSchema.safeParse({ name: "n".repeat(81), body: "b".repeat(5001) }))).toEqual({
      name: M.nameTooLong,
      body: M.bodyTooLong,
    });
    expect(replyTemplateInputSchema.safeParse({ name: "n".repeat(80), body: "b".repeat(5000) }).success).toBe(true);
  });

  it("refuses line breaks in the name, NUL and half surrogate pairs, and unknown keys", () => {
    expect(messagesOf(replyTemplateInputSchema.safeParse({ name: "Dos\nlíneas", body: "a\u0000b" }))).toEqual({
      name: M.nameSingleLine,
      body: M.badCharacters,
    });
    expect(replyTemplateInputSchema.safeParse({ name: "x", body: "a\ud800b" }).success).toBe(false);
    expect(replyTemplateInputSchema.safeParse({ name: "x", body: "y", id: 3 }).success).toBe(false);
  });
});

describe("signature schema", () => {
  it("stores empty fields as null and numbers with single spaces", () => {
    expect(signatureInputSchema.parse({ jobTitle: " ", phone: "", whatsapp: "+593  99 123 4567 " })).toEqual({
      jobTitle: null,
      phone: null,
      whatsapp: "+593 99 123 4567",
    });
    expect(signatureInputSchema.parse({ jobTitle: null })).toEqual({ jobTitle: null });
  });

  it("refuses a national number, a long job title and line breaks, in Spanish", () => {
    expect(
      messagesOf(
        signatureInputSchema.safeParse({ jobTitle: "c".repeat(81), phone: "0991234567", whatsapp: "+593\n99" }),
      ),
    ).toEqual({ jobTitle: S.jobTitleTooLong, phone: S.phoneInvalid, whatsapp: S.singleLine });
  });

  it("is part of an account change on the Usuarios screen", () => {
    expect(updateUserRequestSchema.parse({ jobTitle: "Asesor técnico", phone: "+593 2 236 4100" })).toEqual({
      jobTitle: "Asesor técnico",
      phone: "+593 2 236 4100",
    });
  });
});
