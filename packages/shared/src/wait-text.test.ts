import { describe, expect, it } from "vitest";
import { waitText } from "./wait-text.ts";

describe("waitText", () => {
  it("says seconds below a minute and whole minutes, rounded up, from there", () => {
    expect(waitText(1)).toBe("1 segundo");
    expect(waitText(45)).toBe("45 segundos");
    expect(waitText(59)).toBe("59 segundos");
    expect(waitText(60)).toBe("1 minuto");
    expect(waitText(61)).toBe("2 minutos");
    expect(waitText(900)).toBe("15 minutos");
  });

  it("never says zero or a fraction of a second", () => {
    expect(waitText(0)).toBe("1 segundo");
    expect(waitText(0.2)).toBe("1 segundo");
    expect(waitText(41.5)).toBe("42 segundos");
  });
});
