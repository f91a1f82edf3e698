import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../../test/auth.ts";
import { contactRequest, postContact } from "../../../../test/contact.ts";
import { engines } from "../../../../test/database.ts";
import { startSmtpServer, type TestSmtp } from "../../../../test/smtp.ts";

// Signatures (`Firma`): administrators set anyone's on the Usuarios screen, each person their own
// ("Mi firma"), and every reply email ends with the signature of whoever answered.

describe.each(engines)("staff signatures on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      emailPollMs: 100,
      contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
    });
    admin = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (token: string, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

  it("administrators give an account its job title, phone and WhatsApp when creating or changing it", async () => {
    const created = await call(admin, "POST", "/api/users", {
      username: "lucia",
      displayName: "Lucía Andrade",
      role: "personal",
      password: "temporal-de-andrade-2026",
      jobTitle: "  Asesora técnica ",
      phone: "+593 2 236 4100",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ jobTitle: "Asesora técnica", phone: "+593 2 236 4100", whatsapp: null });
    const changed = await call(admin, "PATCH", `/api/users/${created.json().id}`, {
      whatsapp: "+593 99 123 4567",
      phone: "",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ jobTitle: "Asesora técnica", phone: null, whatsapp: "+593 99 123 4567" });
  });

  it("refuses national numbers and long job titles with Spanish details", async () => {
    const bad = await call(admin, "PATCH", "/api/users/1", { phone: "0991234567", jobTitle: "c".repeat(81) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { path: "phone", message: expect.stringMatching(/^Escribe el número en formato internacional/) },
        { path: "jobTitle", message: "El cargo no puede superar los 80 caracteres" },
      ]),
    );
    const newline = await call(admin, "PUT", "/api/users/me/signature", { whatsapp: "+593\r\n991234567" });
    expect(newline.statusCode).toBe(400);
  });

  it("each person reads and replaces their own signature; a field left out is cleared", async () => {
    const person = await createReadyStaff(t.app, admin);
    const token = (await signIn(t.app, person)).accessToken;
    const empty = await call(token, "GET", "/api/users/me/signature");
    expect(empty.json()).toEqual({ displayName: expect.any(String), jobTitle: null, phone: null, whatsapp: null });
    const saved = await call(token, "PUT", "/api/users/me/signature", {
      jobTitle: "Vendedora",
      phone: "+593 2 236 4101",
      whatsapp: "+593 98 765 4321",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ jobTitle: "Vendedora", whatsapp: "+593 98 765 4321" });
    const trimmed = await call(token, "PUT", "/api/users/me/signature", { jobTitle: "Vendedora" });
    expect(trimmed.json()).toMatchObject({ jobTitle: "Vendedora", phone: null, whatsapp: null });
    expect((await call(token, "GET", "/api/users/me/signature")).json()).toEqual(trimmed.json());
    expect((await t.app.inject({ method: "GET", url: "/api/users/me/signature" })).statusCode).toBe(401);
    const audit = (await call(admin, "GET", "/api/audit-log?size=100")).json() as {
      content: { action: string; actorUsername: string; targetUsername: string }[];
    };
    expect(audit.content).toContainEqual(
      expect.objectContaining({
        action: "user_updated",
        actorUsername: person.username,
        targetUsername: person.username,
      }),
    );
  });

  it("the reply email the client receives ends with the replier's signature, escaped in its HTML", async () => {
    const person = await createReadyStaff(t.app, admin);
    const token = (await signIn(t.app, person)).accessToken;
    await call(token, "PUT", "/api/users/me/signature", {
      jobTitle: "Técnica <Poscosecha> & Calidad",
      phone: "+593 2 236 4100",
      whatsapp: "+593 99 123 4567",
    });
    const posted = await postContact(t.app, contactRequest({ email: "firma@rosasdelvalle.ec" }));
    expect(posted.statusCode).toBe(201);
    const search = await call(token, "POST", "/api/client-message/search", { keyword: "firma@rosasdelvalle.ec" });
    const messageId = search.json().content[0].messages[0].id as number;
    const before = smtp.received.length;
    const replied = await call(token, "POST", `/api/client-message/${messageId}/reply`, {
      reply: "Le enviamos la ficha técnica de Chrysal RVB.",
    });
    expect(replied.statusCode, replied.body).toBe(200);

    const isReply = (item: (typeof smtp.received)[number]) =>
      item.envelopeTo.includes("firma@rosasdelvalle.ec") && /^Respuesta/.test(item.mail.subject ?? "");
    await expect.poll(() => smtp.received.slice(before).some(isReply), { timeout: 10_000 }).toBe(true);
    const mail = smtp.received.slice(before).find(isReply)?.mail;
    const text = mail?.text ?? "";
    const name = (await call(token, "GET", "/api/users/me/signature")).json().displayName as string;
    expect(text).toContain(
      [
        "Le enviamos la ficha técnica de Chrysal RVB.",
        "",
        name,
        "Técnica <Poscosecha> & Calidad",
        "Teléfono: +593 2 236 4100",
        "WhatsApp: +593 99 123 4567",
      ].join("\n"),
    );
    const html = typeof mail?.html === "string" ? mail.html : "";
    expect(html).toContain("Técnica &lt;Poscosecha&gt; &amp; Calidad");
    expect(html).not.toContain("<Poscosecha>");
    expect(html).toContain(`<strong>${name}</strong>`);
    expect(html).toContain('href="https://wa.me/593991234567"');
    expect(html).toContain('href="tel:+59322364100"');
  });
});
