import { describe, expect, it } from "vitest";
import { newQuotePath, parseQuotesQuery, quotesAddress } from "./quotes-query";

describe("quotes list address", () => {
  it("reads the state and the page people see", () => {
    expect(parseQuotesQuery(new URLSearchParams("estado=enviada&pagina=3"))).toEqual({ state: "enviada", page: 2 });
    expect(parseQuotesQuery(new URLSearchParams("estado=pagada&pagina=-1"))).toEqual({ state: null, page: 0 });
    expect(parseQuotesQuery(new URLSearchParams("pagina=1.5"))).toEqual({ state: null, page: 0 });
  });

  it("writes the address back, leaving the defaults out", () => {
    expect(quotesAddress({ state: null, page: 0 })).toBe("/crm/cotizaciones");
    expect(quotesAddress({ state: "vencida", page: 1 })).toBe("/crm/cotizaciones?estado=vencida&pagina=2");
    expect(newQuotePath(42)).toBe("/crm/cotizaciones/nueva?contacto=42");
  });
});
