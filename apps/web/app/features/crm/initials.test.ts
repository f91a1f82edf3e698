import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it("takes the first letter of the first two words", () => {
    expect(initialsOf("María José Quishpe")).toBe("MJ");
    expect(initialsOf("  ángel   pérez ")).toBe("ÁP");
  });

  it("takes two letters of a single word, or of the fallback", () => {
    expect(initialsOf("Administrador")).toBe("AD");
    expect(initialsOf("", "admin")).toBe("AD");
    expect(initialsOf("", "")).toBe("?");
  });
});
