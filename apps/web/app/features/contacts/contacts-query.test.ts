import { describe, expect, it } from "vitest";
import { DEFAULT_CONTACTS_QUERY, formatContactsQuery, parseContactId, parseContactsQuery } from "./contacts-query";

describe("contacts query in the address", () => {
  it("reads keyword, field, page (from 1) and view", () => {
    expect(parseContactsQuery("?busqueda=rodr%C3%ADguez&campo=nombre&pagina=3&vista=revisar")).toEqual({
      keyword: "rodríguez",
      field: "nombre",
      page: 2,
      view: "review",
      owner: null,
      stage: null,
      waitingDays: null,
    });
  });

  it("reads and writes the follow-up filters as words, and ignores broken ones", () => {
    const query = { ...DEFAULT_CONTACTS_QUERY, owner: "me", stage: "cotizacion", waitingDays: 3 } as const;
    const written = formatContactsQuery(query);
    expect(written).toBe("responsable=mios&etapa=cotizacion&sin-respuesta=3");
    expect(parseContactsQuery(written)).toEqual(query);
    expect(parseContactsQuery("?responsable=sin").owner).toBe("none");
    expect(parseContactsQuery("?responsable=7").owner).toBe(7);
    expect(parseContactsQuery("?responsable=otro&etapa=vendido&sin-respuesta=0")).toEqual(DEFAULT_CONTACTS_QUERY);
    expect(parseContactsQuery("?sin-respuesta=366").waitingDays).toBeNull();
  });

  it("falls back to the first page of the main list for anything unexpected", () => {
    expect(parseContactsQuery("")).toEqual(DEFAULT_CONTACTS_QUERY);
    expect(parseContactsQuery("?campo=apodo&pagina=-1&vista=otra")).toEqual(DEFAULT_CONTACTS_QUERY);
    expect(parseContactsQuery("?pagina=1.5").page).toBe(0);
    expect(parseContactsQuery(`?busqueda=${"a".repeat(300)}`).keyword).toHaveLength(100);
  });

  it("writes only what differs from the default, and reads back what it wrote", () => {
    expect(formatContactsQuery(DEFAULT_CONTACTS_QUERY)).toBe("");
    const query = { ...DEFAULT_CONTACTS_QUERY, keyword: "Ana Pérez", field: "correo", page: 1 } as const;
    const written = formatContactsQuery(query);
    expect(written).toBe("busqueda=Ana+P%C3%A9rez&campo=correo&pagina=2");
    expect(parseContactsQuery(written)).toEqual(query);
  });

  it("names the open contact after the list's place, and ignores a broken one", () => {
    const written = formatContactsQuery({ keyword: "ana", page: 2 }, 17);
    expect(written).toBe("busqueda=ana&pagina=3&contacto=17");
    expect(parseContactId(written)).toBe(17);
    expect(parseContactsQuery(written)).toMatchObject({ keyword: "ana", page: 2 });
    expect(parseContactId("?contacto=abc")).toBeNull();
    expect(parseContactId("?contacto=-3")).toBeNull();
    expect(parseContactId("")).toBeNull();
  });
});

describe("the review link of paths.ts", () => {
  it("opens the review view", async () => {
    const { paths } = await import("~/lib/paths");
    expect(parseContactsQuery(new URL(paths.crmReview, "http://x").search).view).toBe("review");
  });
});
