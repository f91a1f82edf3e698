import { describe, expect, it } from "vitest";
import { formatAuditQuery, parseAuditQuery } from "./audit-query";

const parse = (query: string) => parseAuditQuery(new URLSearchParams(query));

describe("the address of Auditoría", () => {
  it("reads the group, person, days and page", () => {
    expect(parse("grupo=contactos&usuario=%20diego%20&desde=2026-11-01&hasta=2026-11-29&pagina=3")).toEqual({
      page: 2,
      filters: { category: "contactos", actor: "diego", from: "2026-11-01", to: "2026-11-29" },
    });
  });

  it("leaves out what makes no sense instead of failing", () => {
    expect(parse("grupo=todo&desde=29/11/2026&pagina=-4")).toEqual({ page: 0, filters: {} });
    expect(parse("desde=2026-11-29&hasta=2026-11-01").filters).toEqual({ from: "2026-11-29" });
  });

  it("writes back what it reads", () => {
    const query = { page: 1, filters: { category: "acceso" as const, actor: "ana", from: "2026-11-01" } };
    expect(formatAuditQuery(query)).toBe("grupo=acceso&usuario=ana&desde=2026-11-01&pagina=2");
    expect(parseAuditQuery(new URLSearchParams(formatAuditQuery(query)))).toEqual(query);
  });
});
