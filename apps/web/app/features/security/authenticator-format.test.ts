import { describe, expect, it } from "vitest";
import { groupSecret, svgDataUrl } from "./authenticator-format";

describe("groupSecret", () => {
  it("groups the secret in fours, the last group shorter", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupSecret("JBSWY3DPEH")).toBe("JBSW Y3DP EH");
  });

  it("ignores spaces the server may have put in", () => {
    expect(groupSecret("JBSW Y3DP EH")).toBe("JBSW Y3DP EH");
    expect(groupSecret("")).toBe("");
  });
});

describe("svgDataUrl", () => {
  it("makes an image URL that decodes back to the same SVG, accents included", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>Código</title></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith("data:image/svg+xml;base64,")).toBe(true);
    const bytes = Uint8Array.from(atob(url.split(",")[1] ?? ""), (char) => char.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe(svg);
  });
});
