import { describe, expect, it } from "vitest";
import { expectationSentence, reminderSentence } from "./next-order";

describe("Próximo pedido, in words", () => {
  it("says the median and how many orders it comes from", () => {
    const next = { expectedOn: "2027-02-28", gapDays: 45, ordersCounted: 4, remindOn: "2027-02-14" };
    expect(expectationSentence(next)).toBe(
      "Esperamos el próximo pedido hacia el 28 de febrero de 2027: este cliente pide cada 45 días (la mediana entre sus 4 pedidos).",
    );
    expect(reminderSentence(next, "Ana Administradora", "2026-12-01")).toBe(
      "Recordaremos a Ana Administradora el 14 de febrero.",
    );
  });

  it("after a first order, says the 90 days are supposed", () => {
    const next = { expectedOn: "2027-03-01", gapDays: 90, ordersCounted: 1, remindOn: "2027-02-15" };
    expect(expectationSentence(next)).toBe(
      "Esperamos el próximo pedido hacia el 1 de marzo de 2027: este cliente pide cada 90 días (con un solo pedido suponemos 90 días).",
    );
  });

  it("names the year of a reminder in another year, and speaks in the past once its day has come", () => {
    const next = { expectedOn: "2027-01-05", gapDays: 30, ordersCounted: 3, remindOn: "2026-12-28" };
    expect(reminderSentence(next, "Pedro Personal", "2026-12-28")).toBe(
      "Se lo recordamos a Pedro Personal el 28 de diciembre de 2026.",
    );
    expect(reminderSentence(next, null, "2026-12-01")).toBe(
      "Quedará una tarea de recordatorio, sin responsable, para el 28 de diciembre de 2026.",
    );
  });
});
