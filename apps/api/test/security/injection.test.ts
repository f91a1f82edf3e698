import { SEARCH_FIELDS } from "@app/shared/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../auth.ts";
import { contactRequest, postContact } from "../contact.ts";
import { engines } from "../database.ts";

// SQL injection through the search and the stored fields: every query is parameterised, so these
// strings are only text. A delay from pg_sleep would show an injected statement ran.

const INJECTIONS = [
  "'; select pg_sleep(2); --",
  "' || pg_sleep(2) || '",
  "%' and 1=(select 1 from pg_sleep(2)) and '%'='",
  "1) or 1=1; select pg_sleep(2); --",
  "' union select null, null, null --",
  "'); drop table clients; --",
  "\\'; select pg_sleep(2); --",
];

describe.each(engines)("SQL and search injection on %s", (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createAuthTestApp(engine, { contactRateLimit: [{ max: 1_000_000, windowMs: 60_000 }] });
    token = (await signIn(t.app, ADMIN)).accessToken;
    await postContact(t.app, contactRequest({ email: "rosa@finca.ec", company: "Rosas 100% del Valle_1" }));
    await postContact(
      t.app,
      contactRequest({ email: "sql@finca.ec", company: "'); drop table clients; --", message: "' or 1=1 --" }),
    );
  });
  afterAll(() => t.close());

  const search = (keyword: string, field: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/client-message/search",
      headers: bearer(token),
      payload: { keyword, field },
    });

  it("answers pg_sleep and other injections in every search field at once, as plain text", async () => {
    for (const field of SEARCH_FIELDS) {
      for (const keyword of INJECTIONS) {
        const started = performance.now();
        const response = await search(keyword, field);
        const elapsed = performance.now() - started;
        expect(response.statusCode, `${field}: ${keyword}`).toBe(200);
        expect(elapsed, `${field}: ${keyword}`).toBeLessThan(1000);
        const matches = response.json().content.map((group: { client: { email: string } }) => group.client.email);
        // Only the stored text that literally contains the keyword can match.
        expect(
          matches.filter((email: string) => email !== "sql@finca.ec"),
          `${field}: ${keyword}`,
        ).toEqual([]);
      }
    }
  });

  it("takes % and _ in a keyword literally, not as LIKE wildcards", async () => {
    const all = (await search("", "all")).json().totalElements;
    expect(all).toBe(2);
    expect((await search("%", "all")).json().totalElements).toBe(1);
    expect((await search("_", "all")).json().totalElements).toBe(1);
    expect((await search("100%", "all")).json().content[0].client.email).toBe("rosa@finca.ec");
    expect((await search("%%%", "all")).json().totalElements).toBe(0);
  });

  it("exports injections in the query string without running them", async () => {
    for (const keyword of INJECTIONS) {
      const started = performance.now();
      const response = await t.app.inject({
        method: "GET",
        url: `/api/client-message/export?keyword=${encodeURIComponent(keyword)}`,
        headers: bearer(token),
      });
      expect(response.statusCode, keyword).toBe(200);
      expect(performance.now() - started, keyword).toBeLessThan(1000);
    }
  });

  it("stores SQL typed into the form as text, and the tables are still there", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/client-message/search",
      headers: bearer(token),
      payload: { keyword: "sql@finca.ec", field: "correo" },
    });
    const [group] = response.json().content;
    expect(group.client.company).toBe("'); drop table clients; --");
    expect(group.messages[0].messageDescription).toBe("' or 1=1 --");
    const list = await t.app.inject({ method: "GET", url: "/api/client-message", headers: bearer(token) });
    expect(list.json().totalElements).toBe(2);
  });

  it("refuses SQL in ids, sort and paging parameters with a 400", async () => {
    for (const url of [
      "/api/client-message?sort=createdAt;drop%20table%20clients",
      "/api/client-message?sort=(select%20pg_sleep(2))",
      "/api/client-message?clientId=1%20or%201=1",
      "/api/client-message?page=1;select%20pg_sleep(2)",
      "/api/clients/1%20or%201=1",
    ]) {
      const started = performance.now();
      const response = await t.app.inject({ method: "GET", url, headers: bearer(token) });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.statusCode, url).not.toBe(200);
      expect(performance.now() - started, url).toBeLessThan(1000);
    }
  });
});
