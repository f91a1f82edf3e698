import { describe, expect, it } from "vitest";
import { NO_WHATSAPP_NUMBER, whatsappChatHref, whatsappNumber } from "./whatsapp-link";

const number = (countryCode: string, phone: string) => whatsappNumber({ countryCode, phone });
const digits = (countryCode: string, phone: string) => {
  const result = number(countryCode, phone);
  return result.ok ? result.digits : result.reason;
};

describe("WhatsApp numbers in E.164 (wa.me wants the digits without +)", () => {
  it("takes the number as stored, in E.164", () => {
    expect(digits("+593", "+593991234567")).toBe("593991234567");
    expect(digits("+1", "+13055550123")).toBe("13055550123");
    expect(digits("+31", "+31612345678")).toBe("31612345678");
  });

  it("drops the trunk 0 of a number stored before E.164, except where it belongs to the number (Italy)", () => {
    expect(digits("+593", "+5930991234567")).toBe("593991234567");
    expect(digits("+31", "+310612345678")).toBe("31612345678");
    expect(digits("+39", "+390612345678")).toBe("390612345678");
  });

  it("takes a number stored whole with another country code as it is", () => {
    expect(digits("+593", "+51987654321")).toBe("51987654321");
  });

  it("has no number for an anonymised contact, a too short one or one past 15 digits", () => {
    expect(number("+593", "+593000000000")).toEqual({ ok: false, reason: NO_WHATSAPP_NUMBER });
    expect(number("+39", "+39000000000")).toEqual({ ok: false, reason: NO_WHATSAPP_NUMBER });
    expect(number("+593", "+59312345").ok).toBe(false);
    expect(number("+593", "")).toEqual({ ok: false, reason: NO_WHATSAPP_NUMBER });
    expect(number("+1234", "+12341234567890123").ok).toBe(false);
    expect(number("", "991234567").ok).toBe(false);
  });

  it("writes the reply as the chat's first message, encoded", () => {
    expect(whatsappChatHref("593991234567", "Hola Lucía: ¿le llamo mañana? 100% seguro & listo")).toBe(
      "https://wa.me/593991234567?text=Hola%20Luc%C3%ADa%3A%20%C2%BFle%20llamo%20ma%C3%B1ana%3F%20100%25%20seguro%20%26%20listo",
    );
    expect(whatsappChatHref("593991234567", "Línea 1\nLínea 2")).toContain("?text=L%C3%ADnea%201%0AL%C3%ADnea%202");
  });
});
