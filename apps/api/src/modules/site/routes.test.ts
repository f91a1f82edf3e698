import type { ProductContent, SiteItem, SiteItemSummary, SitePublication } from "@app/shared";
import { SITE_IMAGE_LIMITS, SITE_IMAGE_MESSAGES, SITE_MESSAGES } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";

const NEW_PRODUCT: ProductContent = {
  title: "Chrysal Clear Rosas",
  slug: "chrysal-clear-rosas",
  description: "Solución para el florero que mantiene las rosas abiertas y con color.\nUna dosis por litro.",
  features: ["Prolonga la vida en florero", "Agua clara"],
  presentations: ["Sobre de 5 g"],
  tabs: ["empresariales"],
  badge: "Nuevo",
  image: null,
};

/** NEW_PRODUCT under another name and address: each test that needs a product of its own makes one. */
const productNamed = (title: string): ProductContent => ({
  ...NEW_PRODUCT,
  title,
  slug: title.toLowerCase().replaceAll(" ", "-"),
});

describe.each(engines)("Sitio web's API on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let staff: string;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    admin = (await signIn(t.app, ADMIN)).accessToken;
    editor = (await signIn(t.app, await createReadyStaff(t.app, admin, "editor"))).accessToken;
    staff = (await signIn(t.app, await createReadyStaff(t.app, admin, "personal"))).accessToken;
  });
  afterAll(() => t.close());

  const call = (token: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  const list = async () => (await call(editor, "GET", "/api/site/items")).json() as SiteItemSummary[];
  const item = async (id: number) => (await call(editor, "GET", `/api/site/items/${id}`)).json() as SiteItem;
  /** Adds `content` as a product and publishes it: the item as published. */
  const publishedProduct = async (content: ProductContent) => {
    const created = await call(editor, "POST", "/api/site/items", { kind: "product", content });
    expect(created.statusCode, created.body).toBe(201);
    const published = await call(editor, "POST", `/api/site/items/${created.json().id}/publish`, { version: 1 });
    expect(published.statusCode, published.body).toBe(200);
    return published.json() as SiteItem;
  };
  const auditActions = async () =>
    (
      (await call(admin, "GET", "/api/audit-log?size=50")).json().content as { action: string; details: unknown }[]
    ).filter((entry) => entry.action.startsWith("site_item_"));

  it("lists today's site to editors and administrators: contact details, questions, the home page, partners, products, services, testimonials", async () => {
    // An app of its own: the other tests change the site.
    const fresh = await createAuthTestApp(engine);
    const token = (await signIn(fresh.app, ADMIN)).accessToken;
    const answer = await fresh.app.inject({ method: "GET", url: "/api/site/items", headers: bearer(token) });
    await fresh.close();
    expect(answer.statusCode).toBe(200);
    const items = answer.json() as SiteItemSummary[];
    expect(items).toHaveLength(30);
    expect(items.slice(1, 5).map((entry) => [entry.kind, entry.title])).toEqual([
      ["faq", "¿Hacen entregas en todo el Ecuador?"],
      ["faq", "¿Cómo sé qué tratamiento necesita mi flor?"],
      ["faq", "¿Los productos Chrysal son originales?"],
      ["faq", "¿En cuánto tiempo responden una solicitud?"],
    ]);
    expect(items[5]).toMatchObject({ kind: "landing", title: "Página de inicio", state: "publicado" });
    expect(items.slice(6, 9).map((entry) => [entry.kind, entry.title, entry.state])).toEqual([
      ["partner", "Chrysal International", "publicado"],
      ["partner", "AgroAndes Distribuciones", "publicado"],
      ["partner", "Florícola del Pacífico", "publicado"],
    ]);
    expect(items.slice(22, 27).map((entry) => [entry.kind, entry.title])).toEqual([
      ["service", "Sistemas de Modelos Predictivos"],
      ["service", "Aqua Care Technology"],
      ["service", "Chrysal Rose Dip"],
      ["service", "Long Storage Service"],
      ["service", "Sea Freight Service"],
    ]);
    expect(items.slice(27).map((entry) => [entry.kind, entry.title, entry.state])).toEqual([
      ["testimonial", "Testimonio de María Fernanda Quishpe", "publicado"],
      ["testimonial", "Testimonio de Diego Andrade", "publicado"],
      ["testimonial", "Testimonio de Gabriela Montalvo", "publicado"],
    ]);
    expect(items.filter((entry) => entry.kind === "product").map((entry) => entry.state)).toEqual(
      Array(13).fill("publicado"),
    );
    expect(items[0]).toMatchObject({ kind: "contact-details", title: "Datos de contacto", state: "publicado" });
    expect(items[9]).toMatchObject({ title: "Bioestimulantes", position: 1, version: 1 });
    expect((await call(editor, "GET", "/api/site/items")).statusCode).toBe(200);
  });

  it("adds a testimonial as a draft, publishes it, refuses bad stars by field, and retires it", async () => {
    const content = {
      quote: "Las rosas llegaron a Moscú firmes y abiertas.",
      name: "Lucía Guamán",
      role: "Gerente, finca de rosas en Cotopaxi",
      rating: 4,
    };
    const created = await call(editor, "POST", "/api/site/items", { kind: "testimonial", content });
    expect(created.statusCode).toBe(201);
    const item = created.json() as SiteItem;
    expect(item).toMatchObject({
      kind: "testimonial",
      title: "Testimonio de Lucía Guamán",
      state: "borrador",
      position: 4,
    });
    for (const rating of [0, 6, 4.5, "5"]) {
      const bad = await call(editor, "PUT", `/api/site/items/${item.id}`, {
        kind: "testimonial",
        version: item.version,
        content: { ...content, rating },
      });
      expect(bad.statusCode, String(rating)).toBe(400);
      expect(bad.json().details).toEqual([{ path: "content.rating", message: SITE_MESSAGES.ratingInvalid }]);
    }
    const empty = await call(editor, "POST", "/api/site/items", {
      kind: "testimonial",
      content: { ...content, quote: " " },
    });
    expect(empty.json().details).toEqual([{ path: "content.quote", message: SITE_MESSAGES.quoteRequired }]);
    const published = await call(editor, "POST", `/api/site/items/${item.id}/publish`, { version: item.version });
    expect(published.json()).toMatchObject({ state: "publicado" });
    const site = (await t.app.inject({ method: "GET", url: "/api/site/published" })).json();
    expect(site.testimonials.map((entry: { name: string }) => entry.name)).toContain("Lucía Guamán");
    const retired = await call(editor, "POST", `/api/site/items/${item.id}/retire`, {
      version: (published.json() as SiteItem).version,
    });
    expect(retired.json()).toMatchObject({ state: "retirado", published: null });
    const after = (await t.app.inject({ method: "GET", url: "/api/site/published" })).json();
    expect(after.testimonials.map((entry: { name: string }) => entry.name)).not.toContain("Lucía Guamán");
    expect((await auditActions()).slice(0, 3).map((entry) => entry.action)).toEqual([
      "site_item_retired",
      "site_item_published",
      "site_item_created",
    ]);
  });

  it("adds a question with its answer, refuses an empty answer by field, and publishes it", async () => {
    const content = { question: "¿Venden por menor?", answer: "Sí, desde una botella de 1 L." };
    const empty = await call(editor, "POST", "/api/site/items", { kind: "faq", content: { ...content, answer: "" } });
    expect(empty.json().details).toEqual([{ path: "content.answer", message: SITE_MESSAGES.answerRequired }]);
    const created = (await call(editor, "POST", "/api/site/items", { kind: "faq", content })).json() as SiteItem;
    expect(created).toMatchObject({ kind: "faq", title: "¿Venden por menor?", position: 5 });
    await call(editor, "POST", `/api/site/items/${created.id}/publish`, { version: created.version });
    const site = (await t.app.inject({ method: "GET", url: "/api/site/published" })).json();
    expect(site.faqs.at(-1)).toEqual(content);
  });

  it("adds a partner to a group, refuses one of no group, and publishes it", async () => {
    const content = { name: "Flores del Austro", description: "Azuay y Cañar", group: "distribuidor" };
    const noGroup = await call(editor, "POST", "/api/site/items", {
      kind: "partner",
      content: { ...content, group: "otro" },
    });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().details).toEqual([{ path: "content.group", message: SITE_MESSAGES.partnerGroupInvalid }]);
    const created = (await call(editor, "POST", "/api/site/items", { kind: "partner", content })).json() as SiteItem;
    expect(created).toMatchObject({ kind: "partner", title: "Flores del Austro", state: "borrador", position: 4 });
    await call(editor, "POST", `/api/site/items/${created.id}/publish`, { version: created.version });
    const site = (await t.app.inject({ method: "GET", url: "/api/site/published" })).json();
    expect(site.partners.at(-1)).toEqual(content);
  });

  it("adds a service as a slide, offers it in the contact form once published, and no longer once retired", async () => {
    const content = {
      title: "Cold Chain Audit",
      placement: "slide",
      eyebrow: "Cadena de frío",
      description: "Medimos la temperatura de sus cajas desde la finca hasta el avión.",
      highlights: ["Registradores en cada envío"],
      image: null,
      video: null,
    };
    const offered = async () =>
      ((await t.app.inject({ method: "GET", url: "/api/service-types" })).json() as { title: string }[]).map(
        (type) => type.title,
      );
    const badVideo = await call(editor, "POST", "/api/site/items", {
      kind: "service",
      content: { ...content, video: "https://otro.sitio/video.mp4" },
    });
    expect(badVideo.statusCode).toBe(400);
    expect(badVideo.json().details).toEqual([{ path: "content.video", message: SITE_MESSAGES.videoInvalid }]);
    const created = (await call(editor, "POST", "/api/site/items", { kind: "service", content })).json() as SiteItem;
    expect(created).toMatchObject({ kind: "service", title: "Cold Chain Audit", state: "borrador", position: 6 });
    expect(await offered()).not.toContain(content.title);

    const published = await call(editor, "POST", `/api/site/items/${created.id}/publish`, { version: created.version });
    expect(published.statusCode).toBe(200);
    const site = (await t.app.inject({ method: "GET", url: "/api/site/published" })).json();
    expect(site.services.at(-1)).toEqual(content);
    expect(await offered()).toContain(content.title);
    const asked = await postContact(t.app, contactRequest({ serviceList: content.title, email: "frio@finca.ec" }));
    expect(asked.statusCode, asked.body).toBe(201);

    await call(editor, "POST", `/api/site/items/${created.id}/retire`, { version: published.json().version });
    expect(await offered()).not.toContain(content.title);
    const after = (await t.app.inject({ method: "GET", url: "/api/site/published" })).json();
    expect(after.services.map((service: { title: string }) => service.title)).not.toContain(content.title);
  });

  it("edits the home page's copy: checked by field, published, never added nor retired", async () => {
    const [landing] = (await list()).filter((entry) => entry.kind === "landing");
    if (!landing) throw new Error("no home page copy seeded");
    const current = (await item(landing.id)).draft as Record<string, unknown> & { hero: object };
    const noFigures = await call(editor, "PUT", `/api/site/items/${landing.id}`, {
      kind: "landing",
      version: landing.version,
      content: { ...current, stats: [] },
    });
    expect(noFigures.statusCode).toBe(400);
    expect(noFigures.json().details).toEqual([{ path: "content.stats", message: SITE_MESSAGES.statsRequired }]);
    const changed = { ...current, hero: { ...current.hero, title: "Flores que duran más" } };
    const saved = await call(editor, "PUT", `/api/site/items/${landing.id}`, {
      kind: "landing",
      version: landing.version,
      content: changed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/site/published" })).json().landing.hero.title).toBe(
      "Ayudamos a la naturaleza a dar lo mejor de sí",
    );
    const published = await call(editor, "POST", `/api/site/items/${landing.id}/publish`, {
      version: saved.json().version,
    });
    expect(published.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/site/published" })).json().landing).toEqual(changed);

    const added = await call(editor, "POST", "/api/site/items", { kind: "landing", content: changed });
    expect(added.statusCode).toBe(400);
    const retired = await call(editor, "POST", `/api/site/items/${landing.id}/retire`, {
      version: published.json().version,
    });
    expect(retired.statusCode).toBe(400);
    expect(retired.json().details).toEqual([{ path: "kind", message: SITE_MESSAGES.onlyListsRetire }]);
  });

  it("is closed to the sales staff, and an editor reaches none of the CRM's contacts", async () => {
    for (const [method, url] of [
      ["GET", "/api/site/items"],
      ["GET", "/api/site/items/1"],
      ["POST", "/api/site/items/1/publish"],
    ] as const) {
      expect((await call(staff, method, url, method === "POST" ? { version: 1 } : undefined)).statusCode, url).toBe(
        403,
      );
    }
    for (const url of [
      "/api/client-message",
      "/api/clients/1",
      "/api/dashboard",
      "/api/staff",
      "/api/tasks",
      "/api/users",
    ]) {
      expect((await call(editor, "GET", url)).statusCode, url).toBe(403);
    }
    // Their own account is theirs, like everyone's.
    expect((await call(editor, "GET", "/api/auth/me")).json()).toMatchObject({ role: "editor" });
    expect((await call(editor, "GET", "/api/account/security")).statusCode).toBe(200);
    // An editor is nobody's Responsable.
    const names = (await call(staff, "GET", "/api/staff")).json() as { displayName: string }[];
    expect(names).toHaveLength(2);
  });

  it("adds a product as a draft, publishes it, and keeps each publication in its history and the audit log", async () => {
    const positions = (await list()).filter((entry) => entry.kind === "product").map((entry) => entry.position);
    const created = await call(editor, "POST", "/api/site/items", { kind: "product", content: NEW_PRODUCT });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json() as SiteItem;
    expect(draft).toMatchObject({
      kind: "product",
      state: "borrador",
      version: 1,
      position: Math.max(...positions) + 1,
      published: null,
    });
    expect(draft.draft).toEqual(NEW_PRODUCT);
    expect(draft.updatedBy).not.toBeNull();

    const published = await call(editor, "POST", `/api/site/items/${draft.id}/publish`, { version: 1 });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ state: "publicado", version: 2, published: NEW_PRODUCT });

    const changed = await call(editor, "PUT", `/api/site/items/${draft.id}`, {
      kind: "product",
      version: 2,
      content: { ...NEW_PRODUCT, badge: null, features: [...NEW_PRODUCT.features, "Sin fosfatos"] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Saving a draft changes nothing visitors see.
    expect(changed.json()).toMatchObject({ state: "cambios", version: 3, published: NEW_PRODUCT });
    expect((await call(editor, "POST", `/api/site/items/${draft.id}/publish`, { version: 3 })).statusCode).toBe(200);

    const history = (await call(editor, "GET", `/api/site/items/${draft.id}/versions`)).json() as SitePublication[];
    expect(history.map((entry) => entry.content.badge)).toEqual([null, "Nuevo"]);
    expect(history[0]?.publishedBy).not.toBeNull();
    expect((await auditActions()).map((entry) => entry.action).slice(0, 3)).toEqual([
      "site_item_published",
      "site_item_published",
      "site_item_created",
    ]);
  });

  it("restores an older version: published again and made the draft, in the audit log", async () => {
    const first = productNamed("Chrysal Clear Claveles");
    const { id } = await publishedProduct(first);
    const changed = await call(editor, "PUT", `/api/site/items/${id}`, {
      kind: "product",
      version: 2,
      content: { ...first, badge: null },
    });
    expect(
      (await call(editor, "POST", `/api/site/items/${id}/publish`, { version: changed.json().version })).statusCode,
    ).toBe(200);
    const [, older] = (await call(editor, "GET", `/api/site/items/${id}/versions`)).json() as SitePublication[];
    const current = await item(id);
    const restored = await call(admin, "POST", `/api/site/items/${id}/versions/${older?.id}/restore`, {
      version: current.version,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ state: "publicado", published: first, draft: first });
    expect((await call(editor, "GET", `/api/site/items/${id}/versions`)).json()).toHaveLength(3);
    const [entry] = await auditActions();
    expect(entry).toMatchObject({ action: "site_item_restored", details: { itemId: id, title: first.title } });

    const unknown = await call(admin, "POST", `/api/site/items/${id}/versions/999999/restore`, {
      version: (await item(id)).version,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SITE_MESSAGES.versionNotFound);
  });

  it("a second editor's save on an old version is a 409 that brings the item as it is now", async () => {
    const first = (await list()).find((entry) => entry.kind === "product");
    const loaded = await item(first?.id as number);
    const mine = { ...loaded.draft, description: "Mi versión de la descripción." };
    const theirs = { ...loaded.draft, description: "La versión de otra persona." };
    const saved = await call(admin, "PUT", `/api/site/items/${loaded.id}`, {
      kind: "product",
      version: loaded.version,
      content: theirs,
    });
    expect(saved.statusCode).toBe(200);
    const late = await call(editor, "PUT", `/api/site/items/${loaded.id}`, {
      kind: "product",
      version: loaded.version,
      content: mine,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      message: SITE_MESSAGES.changedMeanwhile,
      current: { id: loaded.id, version: loaded.version + 1, draft: { description: "La versión de otra persona." } },
    });
    // Publishing on the old version is refused too: nothing half-seen reaches visitors.
    const publish = await call(editor, "POST", `/api/site/items/${loaded.id}/publish`, { version: loaded.version });
    expect(publish.statusCode).toBe(409);
    expect((await item(loaded.id)).published).toEqual(loaded.published);
  });

  it("a page address another product uses is a 409 on content.slug, in its draft or on the site", async () => {
    const items = (await list()).filter((entry) => entry.kind === "product");
    const [a, b] = [await item(items[2]?.id as number), await item(items[3]?.id as number)];
    const clash = await call(editor, "PUT", `/api/site/items/${b.id}`, {
      kind: "product",
      version: b.version,
      content: { ...b.draft, slug: (a.draft as ProductContent).slug },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ details: [{ path: "content.slug", message: SITE_MESSAGES.slugTaken }] });

    // A moves to a new address in its draft; visitors still see A at the old one until A is published.
    const oldSlug = (a.draft as ProductContent).slug;
    const moved = await call(editor, "PUT", `/api/site/items/${a.id}`, {
      kind: "product",
      version: a.version,
      content: { ...a.draft, slug: `${oldSlug}-nuevo` },
    });
    expect(moved.statusCode).toBe(200);
    const taken = await call(editor, "PUT", `/api/site/items/${b.id}`, {
      kind: "product",
      version: b.version,
      content: { ...b.draft, slug: oldSlug },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const early = await call(editor, "POST", `/api/site/items/${b.id}/publish`, { version: b.version + 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().details).toEqual([{ path: "content.slug", message: SITE_MESSAGES.slugTaken }]);
  });

  it("answers 400 in Spanish naming each field, and 404 for an unknown item", async () => {
    const bad = await call(editor, "POST", "/api/site/items", {
      kind: "product",
      content: { ...NEW_PRODUCT, title: " ", slug: "Con Tildes Á", tabs: [], image: { src: "/media/x.svg", alt: "" } },
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().details as { path: string; message: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining(["content.title", "content.slug", "content.tabs", "content.image.alt"]),
    );
    expect(bad.json().message).toContain(SITE_MESSAGES.titleRequired);

    const [details] = (await list()).filter((entry) => entry.kind === "contact-details");
    const wrongKind = await call(editor, "PUT", `/api/site/items/${details?.id}`, {
      kind: "product",
      version: details?.version,
      content: NEW_PRODUCT,
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().details).toEqual([{ path: "kind", message: SITE_MESSAGES.kindMismatch }]);
    const badPhone = await call(editor, "PUT", `/api/site/items/${details?.id}`, {
      kind: "contact-details",
      version: details?.version,
      content: { ...(await item(details?.id as number)).draft, phone: "0999" },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().details).toEqual([{ path: "content.phone", message: SITE_MESSAGES.phoneInvalid }]);
    // The contact details are one item, never a second.
    expect((await call(editor, "POST", "/api/site/items", { kind: "contact-details", content: {} })).statusCode).toBe(
      400,
    );

    for (const url of ["/api/site/items/999999", "/api/site/items/999999/versions"]) {
      expect((await call(editor, "GET", url)).statusCode, url).toBe(404);
    }
    const missing = await call(editor, "POST", "/api/site/items/999999/publish", { version: 1 });
    expect(missing.json()).toMatchObject({ statusCode: 404, message: SITE_MESSAGES.itemNotFound });
    expect((await call(editor, "GET", "/api/site/items/abc")).statusCode).toBe(400);
  });

  it("a published product is one of the contact form's services; renamed, old leads keep the title they asked for", async () => {
    const offered = async () =>
      ((await t.app.inject({ method: "GET", url: "/api/service-types" })).json() as { title: string }[]).map(
        (type) => type.title,
      );
    const lilies = productNamed("Chrysal Clear Lirios");
    const target = await publishedProduct(lilies);
    const before = await offered();
    expect(before.slice(0, 18)).toHaveLength(18);
    expect(before).toContain(lilies.title);
    expect(before.at(-1)).toBe(lilies.title);
    const asked = await postContact(t.app, contactRequest({ serviceList: lilies.title, email: "lead1@finca.ec" }));
    expect(asked.statusCode, asked.body).toBe(201);

    const renamed = { ...lilies, title: "Chrysal Clear Lirios Plus" };
    const saved = await call(editor, "PUT", `/api/site/items/${target.id}`, {
      kind: "product",
      version: target.version,
      content: renamed,
    });
    // A draft's new title is not offered yet.
    expect(await offered()).toContain(lilies.title);
    await call(editor, "POST", `/api/site/items/${target.id}/publish`, { version: saved.json().version });
    const after = await offered();
    expect(after).toContain(renamed.title);
    expect(after).not.toContain(lilies.title);
    const old = await postContact(t.app, contactRequest({ serviceList: lilies.title, email: "lead2@finca.ec" }));
    expect(old.statusCode).toBe(400);
    const titles = await queryRows<{ title: string }>(
      t.db.database.db,
      sql`select st.title from message_service_types mst join service_types st on st.id = mst.service_type_id
          join client_messages m on m.id = mst.message_id join clients c on c.id = m.client_id
          where c.email = 'lead1@finca.ec'`,
    );
    expect(titles.map((row) => row.title)).toEqual([lilies.title]);

    // Restored to its first title, it is offered by that title again.
    const history = (await call(editor, "GET", `/api/site/items/${target.id}/versions`)).json() as SitePublication[];
    const first = history.find(
      (version) => version.content.title === lilies.title && version.content.badge === lilies.badge,
    );
    expect(first?.content).toEqual(lilies);
    await call(editor, "POST", `/api/site/items/${target.id}/versions/${first?.id}/restore`, {
      version: (await item(target.id)).version,
    });
    expect(await offered()).toContain(lilies.title);
    expect(await offered()).not.toContain(renamed.title);
  });

  it("an uploaded picture is served as AVIF and WebP copies at /media, and a product can show it", async () => {
    const photo = await sharp({ create: { width: 1000, height: 800, channels: 3, background: "#c43c5a" } })
      .jpeg()
      .toBuffer();
    const upload = (token: string, body: Buffer | string, type = "image/jpeg") =>
      t.app.inject({
        method: "POST",
        url: "/api/site/images",
        headers: { ...bearer(token), "content-type": type },
        payload: body,
      });
    expect((await upload(staff, photo)).statusCode).toBe(403);
    const uploaded = await upload(editor, photo);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json() as { id: number; src: string; widths: number[]; width: number };
    expect(image).toMatchObject({ width: 1000, height: 800, widths: [320, 640, 960] });
    expect(image.src).toBe(`/media/${image.id}-960.webp`);
    for (const format of ["avif", "webp"]) {
      const copy = await t.app.inject({ method: "GET", url: `/media/${image.id}-640.${format}` });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers["content-type"]).toBe(`image/${format}`);
      expect(copy.headers["cache-control"]).toContain("immutable");
    }
    for (const missing of [
      `/media/${image.id}-1280.webp`,
      "/media/999999-320.webp",
      "/media/1-320.gif",
      "/media/99999999999-320.webp",
    ]) {
      expect((await t.app.inject({ method: "GET", url: missing })).statusCode, missing).toBe(404);
    }

    // Whatever the declared type: an SVG is refused by name, a document as not a picture.
    const svg = await upload(editor, '<svg xmlns="http://www.w3.org/2000/svg"></svg>', "image/png");
    expect([svg.statusCode, svg.json().message]).toEqual([400, SITE_IMAGE_MESSAGES.svg]);
    const pdf = await upload(editor, "%PDF-1.7", "application/octet-stream");
    expect([pdf.statusCode, pdf.json().message]).toEqual([400, SITE_IMAGE_MESSAGES.notAnImage]);
    const text = await upload(editor, "Hola", "text/plain");
    expect([text.statusCode, text.json().message]).toEqual([415, SITE_IMAGE_MESSAGES.unsupportedType]);
    const big = await upload(editor, Buffer.concat([photo, Buffer.alloc(SITE_IMAGE_LIMITS.maxBytes)]));
    expect([big.statusCode, big.json().message]).toEqual([413, SITE_IMAGE_MESSAGES.tooBig]);

    const target = (await list()).find((entry) => entry.kind === "product") as SiteItemSummary;
    const current = await item(target.id);
    const withImage = await call(editor, "PUT", `/api/site/items/${target.id}`, {
      kind: "product",
      version: current.version,
      content: { ...current.draft, image: { src: image.src, alt: "Frasco de la solución sobre una mesa de la finca" } },
    });
    expect(withImage.statusCode, withImage.body).toBe(200);
    const noAlt = await call(editor, "PUT", `/api/site/items/${target.id}`, {
      kind: "product",
      version: current.version + 1,
      content: { ...current.draft, image: { src: image.src, alt: "" } },
    });
    expect(noAlt.json().details).toEqual([{ path: "content.image.alt", message: SITE_MESSAGES.imageAltRequired }]);
  });

  it("retires a product (its draft and history stay), but never the contact details", async () => {
    const gerberas = productNamed("Chrysal Clear Gerberas");
    const target = await publishedProduct(gerberas);
    const retired = await call(editor, "POST", `/api/site/items/${target.id}/retire`, { version: target.version });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ state: "retirado", published: null, draft: gerberas });
    const again = await call(editor, "POST", `/api/site/items/${target.id}/retire`, { version: target.version + 1 });
    expect(again.json().details).toEqual([{ path: "id", message: SITE_MESSAGES.notPublished }]);

    const details = (await list()).find((entry) => entry.kind === "contact-details") as SiteItemSummary;
    const refused = await call(editor, "POST", `/api/site/items/${details.id}/retire`, { version: details.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ path: "kind", message: SITE_MESSAGES.onlyListsRetire }]);
    expect((await auditActions())[0]).toMatchObject({ action: "site_item_retired" });
    // Gone from the contact form, and refused there.
    const types = (await t.app.inject({ method: "GET", url: "/api/service-types" })).json() as { title: string }[];
    expect(types.map((type) => type.title)).not.toContain(gerberas.title);
    const late = await postContact(t.app, contactRequest({ serviceList: gerberas.title, email: "lead3@finca.ec" }));
    expect(late.statusCode).toBe(400);
  });
});
