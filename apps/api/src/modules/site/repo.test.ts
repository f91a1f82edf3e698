import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  contactDetailsSchema,
  faqContentSchema,
  landingContentSchema,
  type ProductContent,
  partnerContentSchema,
  productContentSchema,
  serviceContentSchema,
  type TestimonialContent,
  testimonialContentSchema,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { serviceTypes, siteItems } from "../../db/schema/index.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import {
  findSiteItem,
  latestPublication,
  listSiteItems,
  listVersions,
  publishDraft,
  restoreVersion,
  saveDraft,
} from "./repo.ts";

const WEB_PUBLIC = fileURLToPath(new URL("../../../../web/public", import.meta.url));

describe.each(engines)("the site's items on %s", (engine) => {
  let test: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    db = test.database.db;
  });
  afterAll(() => test.drop());

  /** The seeded product at `index`: each test changes a product of its own, so they run in any order. */
  const product = async (index: number, from = db) => {
    const row = (await listSiteItems(from, "product"))[index];
    if (!row) throw new Error("no product seeded");
    return row;
  };

  it("a new database holds today's site, published: 13 products in the catalogue's order, 5 services, the home page's copy, 3 testimonials, 4 questions, 3 partners and the contact details", async () => {
    // A database of its own: the other tests change the site.
    const fresh = await createTestDatabase(engine);
    const db = fresh.database.db;
    try {
      const products = await listSiteItems(db, "product");
      const contents = products.map((row) => productContentSchema.parse(row.published));
      expect(contents.map((content) => content.slug)).toEqual([
        "bioestimulantes",
        "danisaraba",
        "chrysal-viva",
        "chrysal-intensive",
        "chrysal-transport-stickers",
        "chrysal-avb",
        "chrysal-arrive-alive",
        "chrysal-essential",
        "chrysal-freshliner",
        "chrysal-hvb",
        "chrysal-rvb",
        "chrysal-solucion-inicial",
        "chrysal-eb-sheets",
      ]);
      for (const row of products) expect(row.draft).toEqual(row.published);
      // Their pictures are the web app's own files.
      for (const { image } of contents) {
        expect(existsSync(path.join(WEB_PUBLIC, image?.src ?? "missing")), image?.src).toBe(true);
      }
      // Each product asks for its service type; one title is written without its accent (spec section 3).
      const titles = await db
        .select({ slug: siteItems.draft, title: serviceTypes.title })
        .from(siteItems)
        .innerJoin(serviceTypes, eq(serviceTypes.id, siteItems.serviceTypeId))
        .where(eq(siteItems.kind, "product"));
      expect(titles).toHaveLength(13);
      expect(titles.find((row) => (row.slug as ProductContent).slug === "chrysal-solucion-inicial")?.title).toBe(
        "Chrysal Solucion Inicial",
      );

      const [details, ...more] = await listSiteItems(db, "contact-details");
      expect(more).toEqual([]);
      expect(contactDetailsSchema.parse(details?.published)).toEqual({
        phone: "+593 2 236 4100",
        whatsapp: "+593 99 123 4567",
        email: "info@florapro.ec",
        address: { street: "Av. Panamericana Norte km 5", city: "Cayambe", region: "Pichincha", country: "Ecuador" },
        hours: "Lunes a viernes, 08:00 a 17:30",
      });
      // The home page's three testimonials, with the stars the spec gives them.
      const testimonials = await listSiteItems(db, "testimonial");
      expect(testimonials.map((row) => testimonialContentSchema.parse(row.published).rating)).toEqual([5, 4, 5]);
      expect(testimonials.map((row) => (row.published as TestimonialContent).name)).toEqual([
        "María Fernanda Quishpe",
        "Diego Andrade",
        "Gabriela Montalvo",
      ]);
      // The footer's partners: Chrysal, then the two distributors.
      expect((await listSiteItems(db, "partner")).map((row) => partnerContentSchema.parse(row.published))).toEqual([
        {
          name: "Chrysal International",
          description: "Más de 95 años de innovación en el cuidado de las flores",
          group: "estrategico",
        },
        { name: "AgroAndes Distribuciones", description: "Sierra norte y centro", group: "distribuidor" },
        { name: "Florícola del Pacífico", description: "Costa y sur del país", group: "distribuidor" },
      ]);
      expect((await listSiteItems(db, "faq")).map((row) => faqContentSchema.parse(row.published).question)).toEqual([
        "¿Hacen entregas en todo el Ecuador?",
        "¿Cómo sé qué tratamiento necesita mi flor?",
        "¿Los productos Chrysal son originales?",
        "¿En cuánto tiempo responden una solicitud?",
      ]);
      // The services page: two panels (Aqua Care with its video), then the carousel's three slides, each
      // asking for the spec's service type of its title; their pictures are the web app's own files.
      const services = await listSiteItems(db, "service");
      const shown = services.map((row) => serviceContentSchema.parse(row.published));
      expect(shown.map(({ title, placement }) => `${placement}: ${title}`)).toEqual([
        "panel: Sistemas de Modelos Predictivos",
        "panel: Aqua Care Technology",
        "slide: Chrysal Rose Dip",
        "slide: Long Storage Service",
        "slide: Sea Freight Service",
      ]);
      expect(shown[1]?.video).toBe("aqua-care");
      for (const { image } of shown.filter((service) => service.image)) {
        expect(existsSync(path.join(WEB_PUBLIC, image?.src ?? "missing")), image?.src).toBe(true);
      }
      const serviceTitles = await db
        .select({ title: serviceTypes.title })
        .from(siteItems)
        .innerJoin(serviceTypes, eq(serviceTypes.id, siteItems.serviceTypeId))
        .where(eq(siteItems.kind, "service"));
      expect(serviceTitles.map((row) => row.title)).toEqual(shown.map((service) => service.title));
      // The home page's copy: the spec's figures, five service cards, four promises.
      const [landing, ...moreLandings] = await listSiteItems(db, "landing");
      expect(moreLandings).toEqual([]);
      const copy = landingContentSchema.parse(landing?.published);
      expect(copy.hero.title).toBe("Ayudamos a la naturaleza a dar lo mejor de sí");
      expect(copy.stats.map((stat) => stat.value)).toEqual(["15+", "5,000+", "98%", "24/7"]);
      expect(copy.serviceLines.map((line) => line.title)).toEqual([
        "Fianzas",
        "Seguro Empresarial",
        "Seguro de Hogar",
        "Seguro de Auto",
        "Seguro de Vida",
      ]);
      expect(copy.callToAction.promises).toHaveLength(4);
      expect((await listSiteItems(db)).filter((row) => row.published !== null)).toHaveLength(30);
      expect(await latestPublication(db)).toBeGreaterThan(0);
      expect(await listVersions(db, (await product(0, db)).id)).toHaveLength(1);
    } finally {
      await fresh.drop();
    }
  });

  it("a saved draft changes nothing visitors see; publishing it does, and keeps a copy in the history", async () => {
    const item = await product(1);
    const before = await latestPublication(db);
    const earlier = await listVersions(db, item.id);
    const draft = { ...(item.draft as ProductContent), title: "Danisaraba Plus" };
    const saved = await saveDraft(db, item.id, item.version, draft, null);
    expect(saved?.version).toBe(item.version + 1);
    expect(saved?.draft).toEqual(draft);
    expect(saved?.published).toEqual(item.published);
    expect(await latestPublication(db)).toBe(before);

    const published = await publishDraft(db, item.id, saved?.version ?? 0, null);
    expect(published?.published).toEqual(draft);
    expect(published?.version).toBe(item.version + 2);
    expect(published?.publishedAt).toBeInstanceOf(Date);
    expect(await latestPublication(db)).toBeGreaterThan(before);
    const history = await listVersions(db, item.id);
    expect(history.map((copy) => (copy.content as ProductContent).title)).toEqual([
      "Danisaraba Plus",
      ...earlier.map((copy) => (copy.content as ProductContent).title),
    ]);
  });

  it("a change sent with an older version is refused with the item as stored; an unknown item is undefined", async () => {
    const item = await product(3);
    const stale = item.version - 1;
    const refused = saveDraft(db, item.id, stale, item.draft, null);
    await expect(refused).rejects.toBeInstanceOf(VersionConflictError);
    await expect(refused).rejects.toMatchObject({ current: { id: item.id, version: item.version } });
    await expect(publishDraft(db, item.id, stale, null)).rejects.toBeInstanceOf(VersionConflictError);
    expect(await findSiteItem(db, item.id)).toEqual(item);

    expect(await saveDraft(db, 999_999, 1, item.draft, null)).toBeUndefined();
    expect(await publishDraft(db, 999_999, 1, null)).toBeUndefined();
  });

  it("restoring an older version publishes it again, as the draft too, and adds it to the history", async () => {
    const item = await product(2);
    const history = await listVersions(db, item.id);
    const oldest = history.at(-1);
    if (!oldest) throw new Error("no history");
    const restored = await restoreVersion(db, item.id, oldest.id, item.version, null);
    expect(restored?.published).toEqual(oldest.content);
    expect(restored?.draft).toEqual(oldest.content);
    expect(await listVersions(db, item.id)).toHaveLength(history.length + 1);

    await expect(restoreVersion(db, item.id, oldest.id, item.version, null)).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    // A copy from another item's history, or none at all, restores nothing.
    const [, other] = await listSiteItems(db, "product");
    const [otherCopy] = await listVersions(db, other?.id ?? 0);
    const now = await findSiteItem(db, item.id);
    expect(await restoreVersion(db, item.id, otherCopy?.id ?? 0, now?.version ?? 0, null)).toBeUndefined();
    expect(await restoreVersion(db, item.id, 999_999, now?.version ?? 0, null)).toBeUndefined();
    expect(await findSiteItem(db, item.id)).toEqual(now);
  });

  it("two products never share a page address, and there is one set of contact details", async () => {
    const [first, second] = await listSiteItems(db, "product");
    if (!first || !second) throw new Error("no products");
    const clash = { ...(second.draft as ProductContent), slug: (first.draft as ProductContent).slug };
    const refused = await saveDraft(db, second.id, second.version, clash, null).catch((error: unknown) => error);
    expect(isUniqueViolation(refused, "site_items_product_draft_slug")).toBe(true);

    const details = await listSiteItems(db, "contact-details");
    const twin = await db
      .insert(siteItems)
      .values({ kind: "contact-details", draft: details[0]?.draft ?? {} })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(twin, "site_items_one_contact_details")).toBe(true);
  });
});
