import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RICH_TEXT_MESSAGES } from "../rich-text.ts";
import { richText } from "./rich-text-field.ts";

const messages = {
  required: "Escribe la respuesta",
  tooLong: "Demasiado larga",
  badCharacters: "Caracteres no válidos",
};
const schema = z.object({ answer: richText(200, messages) });
const issuesOf = (answer: unknown) => {
  const result = schema.safeParse({ answer });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("richText", () => {
  it("takes rich text as typed, trimmed and NFC-normalised", () => {
    const source = "  **Sí**, con *entrega* en todo el país:\n- Quito\n- [Llámenos](tel:+59322364100)\n\nE\u0301xito ";
    expect(schema.parse({ answer: source }).answer).toBe(source.trim().normalize("NFC"));
    expect(issuesOf("<script>alert(1)</script> y **sin cerrar")).toEqual([]);
  });

  it("refuses what a plain paragraph refuses", () => {
    expect(issuesOf(" ")).toEqual([["answer", messages.required]]);
    expect(issuesOf(undefined)).toEqual([["answer", messages.required]]);
    expect(issuesOf("a".repeat(201))).toEqual([["answer", messages.tooLong]]);
    expect(issuesOf("a\u0000b")).toEqual([["answer", messages.badCharacters]]);
  });

  it("names each link that goes nowhere allowed, on the field", () => {
    expect(issuesOf("[x](javascript:alert(1)) y [Ficha técnica](ficha.pdf) y [Correo](mailto:ventas@x.ec)")).toEqual([
      ["answer", RICH_TEXT_MESSAGES.linkAddressInvalid("x")],
      ["answer", "El enlace «Ficha técnica» debe empezar por https://, http://, mailto: o tel:"],
    ]);
  });
});
