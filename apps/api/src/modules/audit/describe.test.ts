import { describe, expect, it } from "vitest";
import { describeAudit, staffIdsOf } from "./describe.ts";

const names = new Map([[7, "Diego Núñez"]]);

describe("what an audit entry changed, in words", () => {
  it("says a stage or owner change from what to what", () => {
    expect(
      describeAudit("client_stage_changed", { clientId: 1, from: "nuevo", to: "perdido", lostReason: "precio" }, names),
    ).toBe("De Nuevo a Perdido · Precio");
    expect(describeAudit("client_owner_changed", { clientId: 1, from: null, to: 7 }, names)).toBe(
      "De Sin responsable a Diego Núñez",
    );
    expect(describeAudit("client_owner_changed", { clientId: 1, from: 7, to: 99 }, names)).toBe(
      "De Diego Núñez a cuenta #99",
    );
  });

  it("says what an account change, a failed sign-in or an export was", () => {
    expect(describeAudit("user_updated", { role: "administrador", active: false }, names)).toBe(
      "Rol: Administrador · Desactivada",
    );
    expect(describeAudit("login_failed", { reason: "wrong_password", device: "desconocido" }, names)).toBe(
      "Contraseña incorrecta · dispositivo desconocido",
    );
    expect(describeAudit("messages_exported", { rows: 12, per: "contacts", keyword: "rosas" }, names)).toBe(
      "Una fila por contacto · 12 filas · Búsqueda: rosas",
    );
  });

  it("writes a quote's or an order's total as money is written everywhere else", () => {
    expect(describeAudit("order_created", { orderId: 4, number: "PED-2026-1", total: "17249.86" }, names)).toBe(
      "PED-2026-1 · Total $17.249,86",
    );
    expect(describeAudit("order_changed", { orderId: 4, number: "PED-2026-1", state: "Despachado" }, names)).toBe(
      "PED-2026-1 · Despachado",
    );
  });

  it("says nothing where the label says it all, or the details are missing or odd", () => {
    expect(describeAudit("login", { remember: true }, names)).toBeNull();
    expect(describeAudit("client_deleted", null, names)).toBeNull();
    expect(describeAudit("session_ended", { sessions: "muchas" }, names)).toBeNull();
  });

  it("lists the accounts a page names, once each", () => {
    expect(
      staffIdsOf([
        { action: "client_owner_changed", details: { from: 7, to: 8 } },
        { action: "clients_bulk_changed", details: { kind: "owner", ownerId: 7 } },
        { action: "login", details: null },
      ]),
    ).toEqual([7, 8]);
  });
});
