import { describe, expect, it } from "vitest";
import { landingAfterSignIn, safeCrmRedirect } from "./redirect";

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

describe("landingAfterSignIn", () => {
  const fine = { mustChangePassword: false, mustAddSecondFactor: false };

  it("goes where the person was going when the account needs nothing", () => {
    expect(landingAfterSignIn(fine, "/crm/tareas")).toBe("/crm/tareas");
    expect(landingAfterSignIn(fine, null)).toBe("/crm");
  });

  it("sends a temporary password to the password change first, even when a second factor is missing", () => {
    expect(landingAfterSignIn({ mustChangePassword: true, mustAddSecondFactor: true }, "/crm/tareas")).toBe(
      "/crm/cambiar-contrasena",
    );
  });

  it("sends an account without a required second factor to the security screen", () => {
    expect(landingAfterSignIn({ ...fine, mustAddSecondFactor: true }, "/crm/tareas")).toBe("/crm/seguridad");
  });
});
