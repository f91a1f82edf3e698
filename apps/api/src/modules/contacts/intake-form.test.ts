import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, fakeRenderer, type TestApp } from "../../../test/app.ts";
import { formTokenOf, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";

// `POST /contacto`: the contact form sent without JavaScript (issue 16). The page is a small copy of
// the prerendered form with the hooks the server relies on (ids, names, data-error-for); the browser
// tests (e2e/without-javascript.spec.ts) send the real one.

const INLINE = "window.__ctx = {};";
const option = (value: string, label = value) => `<option value="${value}">${label}</option>`;
const box = (title: string) => `<label><input type="checkbox" name="services" value="${title}">${title}</label>`;
const PAGE = `<!DOCTYPE html><html lang="es-EC"><head><title>Contacto</title><link rel="modulepreload" href="/assets/a.js"><script>${INLINE}</script></head><body>
<form id="contact-form" method="post" action="/contacto"><div id="contact-form-notice" role="alert"></div>
<input id="contact-firstName" name="firstName"><p data-error-for="contact-firstName"></p>
<input id="contact-lastName" name="lastName"><p data-error-for="contact-lastName"></p>
<input id="contact-email" name="email" type="email"><p data-error-for="contact-email"></p>
<input id="contact-company" name="company"><p data-error-for="contact-company"></p>
<select id="contact-country-code" name="countryCode">${option("+593")}<option value="+1" selected="">+1</option>${option("otro", "Otro")}</select><p data-error-for="contact-country-code"></p>
<input id="contact-country-code-other" name="countryCodeCustom">
<input id="contact-phone" name="phone"><p data-error-for="contact-phone"></p>
<button id="contact-services" type="button" aria-describedby="contact-services-count"><span id="contact-services-count">Selecciona productos o servicios</span></button>
<fieldset popover="auto">${box("Danisaraba")}${box("Chrysal VIVA")}${box("Sea Freight Service")}</fieldset><p data-error-for="contact-services"></p>
<textarea id="contact-message" name="message"></textarea><p data-error-for="contact-message"></p>
<input id="contact-website" name="website"><input type="hidden" name="formToken">
<input id="contact-consent" type="checkbox" name="consent"><p data-error-for="contact-consent"></p>
<button type="submit">Enviar mensaje</button></form><script type="module" src="/assets/a.js"></script></body></html>`;

const VALID = {
  firstName: "Rosa",
  lastName: "Guamán",
  email: "rosa@fincasanjuan.ec",
  company: "Finca San Juan",
  countryCode: "+593",
  phone: "099 123 4567",
  message: "Necesito una cotización sin JavaScript.",
  services: ["Danisaraba", "Sea Freight Service"],
  consent: "on",
};

function encode(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return body.toString();
}

/** A web build without files, whose contact page is PAGE. */
function writeSite() {
  return mkdtempSync(path.join(tmpdir(), "site-"));
}

const renderer = { pageRenderer: fakeRenderer({ "/contacto": PAGE }) };

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe.each(engines)("the contact form without JavaScript on %s", (engine) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = writeSite();
    t = await createTestApp(
      engine,
      {
        serveWeb: true,
        webDist: root,
        staffNotifyEmail: "ventas@florapro.test",
        contactRateLimit: [{ max: 10_000, windowMs: 60_000 }],
      },
      undefined,
      renderer,
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => resetContactTables(t.app.db));

  /** Sends the form as a browser does from a page served a minute ago, unless `fields` names its own token. */
  const send = (fields: Record<string, string | string[]>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/contacto",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      payload: encode({ formToken: formTokenOf(t.app), ...fields }),
    });

  const storedMessages = () =>
    queryRows<{ email: string; phone: string; message: string; review_reasons: string[]; source: unknown }>(
      t.app.db,
      sql`select c.email, c.phone, m.message, m.review_reasons, m.source
            from client_messages m join clients c on c.id = m.client_id`,
    );

  it("stores the lead like the app's form, queues its emails and leads to the thanks page", async () => {
    const response = await send(VALID, { referer: "http://localhost:3000/productos/danisaraba" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/contacto/gracias");
    const [message] = await storedMessages();
    expect(message).toMatchObject({
      email: "rosa@fincasanjuan.ec",
      phone: "+593991234567",
      message: VALID.message,
      review_reasons: [],
      source: { page: "/productos/danisaraba" },
    });
    const emails = await queryRows<{ kind: string; to_address: string }>(
      t.app.db,
      sql`select kind, to_address from email_outbox order by kind`,
    );
    expect(emails).toEqual([
      { kind: "contact_confirmation", to_address: "rosa@fincasanjuan.ec" },
      { kind: "staff_notification", to_address: "ventas@florapro.test" },
    ]);
  });

  it("stores a form sent twice (a reload, a double tap) once", async () => {
    expect((await send(VALID)).statusCode).toBe(303);
    expect((await send(VALID)).statusCode).toBe(303);
    expect(await storedMessages()).toHaveLength(1);
    // Other words are another request.
    expect((await send({ ...VALID, message: "Y otra pregunta." })).statusCode).toBe(303);
    expect(await storedMessages()).toHaveLength(2);
  });

  it("answers a form with problems with the page again: errors beside their fields, what was typed kept", async () => {
    const response = await send({ ...VALID, email: "no-es-correo", phone: "12", services: [], consent: [] });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("script-src 'self'");
    const html = response.body;
    // A plain page: nothing hydrates over the fields the server filled.
    expect(html).not.toContain("<script");
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('id="contact-firstName" name="firstName" value="Rosa"');
    expect(html).toContain(`<textarea id="contact-message" name="message">${VALID.message}</textarea>`);
    expect(html).toMatch(
      /<input id="contact-email" name="email" type="email" value="no-es-correo" aria-invalid="true" aria-describedby="contact-email-error" autofocus>/,
    );
    expect(html).toContain('<p data-error-for="contact-email" id="contact-email-error">Email inválido</p>');
    expect(html).toContain('<p data-error-for="contact-phone" id="contact-phone-error">9-10 dígitos</p>');
    expect(html).toMatch(/id="contact-services"[^>]*aria-describedby="contact-services-count contact-services-error"/);
    expect(html).toContain('id="contact-consent" type="checkbox" name="consent" aria-invalid="true"');
    // The notice lists the spec's sentences, in the spec's order.
    expect(html).toContain(
      "<p>Revisa el formulario. Para enviar tu mensaje completa lo siguiente:</p><ul><li>El correo electrónico es inválido</li><li>El número de teléfono debe tener 9 o 10 dígitos</li><li>Por favor selecciona al menos un producto o servicio de interés</li><li>Debes aceptar el aviso de privacidad para enviar tu mensaje</li></ul>",
    );
    // The country code chosen stays chosen (the page was built with another one selected).
    expect(html).toContain('<option value="+593" selected>');
    expect(html).not.toContain('<option value="+1" selected');
    expect(await storedMessages()).toHaveLength(0);
  });

  it("keeps ticked services and a typed country code, and escapes what was typed", async () => {
    const response = await send({
      ...VALID,
      firstName: '<script>alert("x")</script>',
      countryCode: "otro",
      countryCodeCustom: "44",
      services: ["Chrysal VIVA"],
    });
    expect(response.statusCode).toBe(400);
    const html = response.body;
    // Inside a quoted attribute only quotes and ampersands need escaping.
    expect(html).toContain('value="<script>alert(&quot;x&quot;)</script>"');
    expect(html).toContain('<input type="checkbox" name="services" value="Chrysal VIVA" checked>');
    expect(html).toContain('<span id="contact-services-count">1 seleccionado</span>');
    expect(html).toMatch(/id="contact-country-code-other" name="countryCodeCustom" value="44" aria-invalid="true"/);
    expect(html).toContain("El código de país debe ser + seguido de 1 a 4 dígitos");
  });

  it("names services that do not exist", async () => {
    const response = await send({ ...VALID, services: ["Rosas azules"] });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Hay productos o servicios que no existen");
    expect(await storedMessages()).toHaveLength(0);
  });

  it("keeps a filled honeypot for review, answered like any other", async () => {
    const response = await send({ ...VALID, website: "https://spam.example" });
    expect(response.statusCode).toBe(303);
    const [message] = await storedMessages();
    expect(message?.review_reasons).toEqual(["honeypot"]);
  });

  it("refuses a body that is not a form, and a form too large, with a page", async () => {
    const json = await t.app.inject({
      method: "POST",
      url: "/contacto",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(VALID),
    });
    expect(json.statusCode).toBe(415);
    const huge = await send({ ...VALID, message: "a".repeat(40_000) });
    expect(huge.statusCode).toBe(413);
    expect(await storedMessages()).toHaveLength(0);
  });

  it("opens /contacto?interes=<slug> with that service ticked, scripts kept and hashed", async () => {
    const response = await t.app.inject({ url: "/contacto?interes=chrysal-viva" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('value="Chrysal VIVA" checked>');
    // Text the app renders stays as built: the page hydrates, and changed text would not match.
    expect(response.body).toContain('<span id="contact-services-count">Selecciona productos o servicios</span>');
    expect(response.body).toContain(`<script>${INLINE}</script>`);
    expect(String(response.headers["content-security-policy"])).toContain(sha(INLINE));
    // An unknown slug gets the page as built.
    const unknown = await t.app.inject({ url: "/contacto?interes=no-existe" });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain("checked");
  });
});

describe("the contact form without JavaScript under its rate limit", () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = writeSite();
    t = await createTestApp(
      "pglite",
      {
        serveWeb: true,
        webDist: root,
        contactRateLimit: [{ max: 1, windowMs: 60_000 }],
      },
      undefined,
      renderer,
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("shares the app form's budget and answers the page with the wait, keeping nothing typed away", async () => {
    const app = await t.app.inject({ method: "POST", url: "/api/client", payload: {} });
    expect(app.statusCode).toBe(400);
    const response = await t.app.inject({
      method: "POST",
      url: "/contacto",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: encode(VALID),
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBeDefined();
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("Has enviado demasiados mensajes en poco tiempo");
    expect(response.body).toContain('value="Rosa"');
  });
});
