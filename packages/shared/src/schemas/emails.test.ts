import { describe, expect, it } from "vitest";
import { deliveryMeaning } from "./emails.ts";

describe("what a reply email's delivery means to a salesperson", () => {
  it("says it in plain Spanish, never the mail server's own words", () => {
    expect(deliveryMeaning("sent", 1)).toBe("El servidor de correo lo aceptó para entregarlo al cliente.");
    expect(deliveryMeaning("bounced", 1)).toBe(
      "No llegó: el correo del cliente lo devolvió. Revise la dirección o escríbale por otro medio.",
    );
    expect(deliveryMeaning("failed", 5)).toBe(
      "No se pudo enviar tras varios intentos. Pulse Reintentar o escríbale por otro medio.",
    );
    expect(deliveryMeaning("pending", 2)).toBe(
      "El servidor de correo no lo aceptó todavía; se vuelve a intentar solo.",
    );
    expect(deliveryMeaning("sending", 1)).toBeNull();
    expect(deliveryMeaning("pending", 0)).toBeNull();
    for (const status of ["sent", "bounced", "failed", "pending"] as const) {
      expect(deliveryMeaning(status, 3) ?? "").not.toMatch(/\d{3}|OK|queued/);
    }
  });
});
