import { describe, expect, it } from "vitest";
import { safeCrmRedirect } from "./redirect";

describe("safeCrmRedirect", () => {
  it("keeps CRM paths with their query", () => {
    expect(safeCrmRedirect("/crm")).toBe("/crm");
    expect(safeCrmRedirect("/crm/mensajes")).toBe("/crm/mensajes");
    expect(safeCrmRedirect("/crm/auditoria?pagina=2")).toBe("/crm/auditoria?pagina=2");
  });

  it.each([
    null,
    "",
    "crm",
    "/",
    "/login",
    "/crmx",
    "/crm-falso",
    "//evil.example/crm",
    "/\\evil.example/crm",
    "https://evil.example/crm",
    "javascript:alert(1)",
    "/crm/../login",
    "/%2e%2e/crm",
    " /crm",
  ])("sends %j to /crm", (value) => {
    expect(safeCrmRedirect(value)).toBe("/crm");
  });
});
