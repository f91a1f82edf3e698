import type { ProductContent, SiteItem } from "@app/shared";
import { RICH_TEXT_MESSAGES } from "@app/shared/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { engines } from "../../../test/database.ts";

// A product's description and a question's answer are rich text (packages/shared/src/rich-text.ts):
// the API keeps them as typed, and refuses a link to anything but a web page, an email address or a
// telephone number, naming the field and the link. How the site draws them is the web app's test.

const PRODUCT: ProductContent = {
  title: "Chrysal Clavel Fresco",
  slug: "chrysal-clavel-fresco",
  description: "Hidratación para claveles.",
  features: [],
  presentations: ["Bidón de 5 L"],
  tabs: ["empresariales"],
  badge: null,
  image: null,
};

const RICH =
  "**Hidrata** el clavel desde el corte.\n- Una dosis por litro\n- *Sin* fosfatos\n\nAsesoría: [tel](tel:+59322364100)";

describe.each(engines)("rich text in Sitio web on %s", (engine) => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    const admin = (await signIn(t.app, ADMIN)).accessToken;
    editor = (await signIn(t.app, await createReadyStaff(t.app, admin, "editor"))).accessToken;
  });
  afterAll(() => t.close());

  const call = (method: "POST" | "PUT", url: string, payload: object) =>
    t.app.inject({ method, url, headers: bearer(editor), payload });
  const published = async () => (await t.app.inject({ method: "GET", url: "/api/site/published" })).json();

  it("refuses a product whose description links to a script, naming the field and the link", async () => {
    const description = "Vea la ficha: [x](javascript:alert(1))";
    const refused = await call("POST", "/api/site/items", { kind: "product", content: { ...PRODUCT, description } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: "content.description", message: RICH_TEXT_MESSAGES.linkAddressInvalid("x") },
    ]);
    expect(RICH_TEXT_MESSAGES.linkAddressInvalid("x")).toBe(
      "El enlace «x» debe empezar por https://, http://, mailto: o tel:",
    );

    const created = (await call("POST", "/api/site/items", { kind: "product", content: PRODUCT })).json() as SiteItem;
    const draft = await call("PUT", `/api/site/items/${created.id}`, {
      kind: "product",
      version: created.version,
      content: { ...PRODUCT, description: "[Ficha técnica](data:text/html,hola) y [ok](https://chrysal.com)" },
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().details).toEqual([
      { path: "content.description", message: RICH_TEXT_MESSAGES.linkAddressInvalid("Ficha técnica") },
    ]);
  });

  it("saves and publishes a description with bold, a list and a telephone link, as typed", async () => {
    const created = (await call("POST", "/api/site/items", {
      kind: "product",
      content: { ...PRODUCT, slug: "chrysal-clavel-fresco-2", title: "Chrysal Clavel Fresco 2" },
    })) as { statusCode: number; json: () => SiteItem };
    expect(created.statusCode).toBe(201);
    const content = {
      ...PRODUCT,
      slug: "chrysal-clavel-fresco-2",
      title: "Chrysal Clavel Fresco 2",
      description: RICH,
    };
    const saved = await call("PUT", `/api/site/items/${created.json().id}`, {
      kind: "product",
      version: created.json().version,
      content,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const live = await call("POST", `/api/site/items/${created.json().id}/publish`, { version: saved.json().version });
    expect(live.statusCode, live.body).toBe(200);
    const site = await published();
    expect(site.products.find((product: ProductContent) => product.slug === content.slug)).toEqual(content);
  });

  it("checks a question's answer the same way", async () => {
    const question = "¿Tienen ficha técnica?";
    const refused = await call("POST", "/api/site/items", {
      kind: "faq",
      content: { question, answer: "Sí: [descárguela](/fichas/clavel.pdf)" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: "content.answer", message: RICH_TEXT_MESSAGES.linkAddressInvalid("descárguela") },
    ]);
    const answer =
      "Sí, *cada producto* tiene la suya:\n1. Escríbanos a [ventas](mailto:ventas@floraprotect.ec)\n2. La enviamos";
    const created = (await call("POST", "/api/site/items", { kind: "faq", content: { question, answer } })).json();
    await call("POST", `/api/site/items/${created.id}/publish`, { version: created.version });
    expect((await published()).faqs.at(-1)).toEqual({ question, answer });
  });
});
