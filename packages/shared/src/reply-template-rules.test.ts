import { describe, expect, it } from "vitest";
import { fillTemplate, signatureLines, type TemplateValues, unknownVariables } from "./reply-template-rules.ts";
import { signaturePhoneField } from "./schemas/signature.ts";

const ANA: TemplateValues = {
  nombre: "Ana",
  apellido: "Quishpe",
  empresa: "Rosas del Valle",
  productos: "Chrysal RVB y RVB Clear, Sea Freight Service",
  responsable: "María Pérez",
};

describe("fillTemplate", () => {
  it("fills every variable, as often as it appears, and keeps the template's lines", () => {
    const body =
      "Hola {nombre} {apellido}:\nSobre {productos} para {empresa}.\n\n{responsable}, para servirle, {nombre}.";
    expect(fillTemplate(body, ANA)).toBe(
      "Hola Ana Quishpe:\nSobre Chrysal RVB y RVB Clear, Sea Freight Service para Rosas del Valle.\n\nMaría Pérez, para servirle, Ana.",
    );
  });

  it("leaves an unknown {variable} as written, and text with braces that is no variable", () => {
    expect(fillTemplate("Hola {Nombre} de {ciudad}: {nombre}", ANA)).toBe("Hola {Nombre} de {ciudad}: Ana");
    expect(fillTemplate("Precio { 5 } y {} y {{nombre}}", ANA)).toBe("Precio { 5 } y {} y {Ana}");
  });

  it("turns an empty value into nothing without leaving a double space or a space before punctuation", () => {
    const none = { ...ANA, apellido: "", empresa: "  " };
    expect(fillTemplate("Hola {nombre} {apellido}:", none)).toBe("Hola Ana:");
    expect(fillTemplate("Hola {nombre} {apellido}, gracias", none)).toBe("Hola Ana, gracias");
    expect(fillTemplate("Para {empresa} y {apellido} ahora", none)).toBe("Para y ahora");
    expect(fillTemplate("Hola {apellido}\n{empresa} le escribe", none)).toBe("Hola\nle escribe");
    expect(fillTemplate("{apellido} {empresa} Hola", none)).toBe("Hola");
    expect(fillTemplate("Fin {apellido}", none)).toBe("Fin");
    const empty = { nombre: "", apellido: "", empresa: "", productos: "", responsable: "" };
    expect(fillTemplate("Hola {nombre} {apellido}, sobre {productos}.", empty)).toBe("Hola, sobre.");
    expect(fillTemplate("Hola {nombre} {apellido}, sobre {productos}.", empty)).not.toMatch(/ {2}| [,.]/);
  });

  it("trims the values and never fills a variable found inside a value", () => {
    const tricky = { ...ANA, nombre: "  {apellido} ", empresa: "$& y $1" };
    expect(fillTemplate("{nombre} de {empresa}", tricky)).toBe("{apellido} de $& y $1");
  });

  it("lists the words in braces that are not variables, once each", () => {
    expect(unknownVariables("{Nombre} {nombre} {ciudad} {ciudad} { x }")).toEqual(["{Nombre}", "{ciudad}"]);
    expect(unknownVariables("Hola {nombre}")).toEqual([]);
  });
});

describe("signatures", () => {
  it("takes a number typed whole by the contact's rules, and keeps it written as from abroad", () => {
    const read = (typed: string) => signaturePhoneField.safeParse(typed);
    for (const [typed, kept] of [
      ["+593 99 123 4567", "+593 99 123 4567"],
      ["+593991234567", "+593 99 123 4567"],
      // The trunk 0 people add at home is dropped, as for a contact (one rule for both).
      ["+593 099 123 4567", "+593 99 123 4567"],
      ["+1 (212) 555-0100", "+1 212 555 0100"],
      ["+593 2 236 4100", "+593 2 236 4100"],
      ["", null],
    ] as const) {
      expect(read(typed).data, typed).toBe(kept);
    }
    for (const bad of ["0991234567", "+593 99", "+12345678901234567", "+593 99 123 4567 ext 2", "593991234567"]) {
      expect(read(bad).success, bad).toBe(false);
    }
  });

  it("puts the name first, then what is set, in that order", () => {
    expect(
      signatureLines({
        displayName: "María Pérez",
        jobTitle: "Asesora técnica",
        phone: "+593 2 236 4100",
        whatsapp: "+593 99 123 4567",
      }),
    ).toEqual(["María Pérez", "Asesora técnica", "Teléfono: +593 2 236 4100", "WhatsApp: +593 99 123 4567"]);
    expect(signatureLines({ displayName: "Diego", jobTitle: null, phone: null, whatsapp: "+593991234567" })).toEqual([
      "Diego",
      "WhatsApp: +593991234567",
    ]);
  });
});
