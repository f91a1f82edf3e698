import { describe, expect, it } from "vitest";
import { recoveryCodesFilename, recoveryCodesText } from "./recovery-codes-file";

const codes = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, "0")}`);

describe("recoveryCodesText", () => {
  const text = recoveryCodesText({
    siteName: "Flora",
    username: "ana",
    codes,
    createdAt: new Date(2026, 4, 14, 9, 30),
  });

  it("names the site, the account and the day", () => {
    expect(text).toContain("Códigos de recuperación de Flora");
    expect(text).toContain("Usuario: ana");
    expect(text).toContain("Generados: 14/05/2026");
  });

  it("lists every code once, numbered and aligned", () => {
    for (const code of codes) expect(text.split(code)).toHaveLength(2);
    expect(text).toContain(" 1. abcde-00000\n");
    expect(text).toContain("10. abcde-00009\n");
  });

  it("says each code works once", () => {
    expect(text).toMatch(/una sola vez/);
  });
});

describe("recoveryCodesFilename", () => {
  it("is a .txt named by the account and the local day", () => {
    expect(recoveryCodesFilename("ana", new Date(2026, 0, 5, 23, 59))).toBe("codigos-recuperacion-ana-2026-01-05.txt");
  });

  it("keeps characters a file system dislikes out of the name", () => {
    expect(recoveryCodesFilename("ana/../x y", new Date(2026, 0, 5))).toBe(
      "codigos-recuperacion-ana_.._x_y-2026-01-05.txt",
    );
  });
});
