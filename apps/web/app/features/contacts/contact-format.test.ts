import { describe, expect, it } from "vitest";
import { deleteQuestion, fullName, nationalNumber, phoneOf } from "./contact-format";

describe("contact format", () => {
  const contact = { firstName: "Ana", lastName: "Pérez", countryCode: "+593", phone: "+593991234567" };

  it("names and numbers a contact", () => {
    expect(fullName(contact)).toBe("Ana Pérez");
    expect(nationalNumber(contact)).toBe("099 123 4567");
    expect(phoneOf(contact)).toBe("099 123 4567");
    expect(phoneOf({ phone: "+573001234567" })).toBe("+57 300 1234567");
    expect(phoneOf({ phone: "0991234567" })).toBe("0991234567");
  });

  it("asks before deleting, naming the person and their messages", () => {
    expect(deleteQuestion("Ana Pérez", 3, false)).toBe("¿Eliminar a Ana Pérez y sus 3 mensajes?");
    expect(deleteQuestion("Ana Pérez", 1, false)).toBe("¿Eliminar a Ana Pérez y su mensaje?");
    expect(deleteQuestion("Ana Pérez", 0, false)).toBe("¿Eliminar a Ana Pérez?");
    expect(deleteQuestion("Ana Pérez", 20, true)).toBe("¿Eliminar a Ana Pérez y sus 20 o más mensajes?");
  });
});
