import {
  type ContactDetails,
  type FaqContent,
  type LandingContent,
  type NewSiteItem,
  type PartnerContent,
  type ProductContent,
  type PublishedSite,
  type ServiceContent,
  type SiteDraft,
  type SiteItem,
  type SiteItemSummary,
  type SitePublication,
  siteContentSchemas,
  type TestimonialContent,
} from "@app/shared";
import { productPath, SITE_ITEM_TITLES, SITE_LIST_KINDS, SITE_MESSAGES, testimonialTitle } from "@app/shared/constants";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { siteItems } from "../../db/schema/index.ts";
import { recordAudit } from "../audit/index.ts";
import { offerServiceType, reofferServiceType, retireServiceType } from "../service-types/index.ts";
import {
  findSiteItem,
  insertItem,
  listItemViews,
  listPublished,
  listVersions,
  publishDraft,
  recordMove,
  restoreVersion,
  retireItem,
  type SiteItemRow,
  type SiteItemView,
  saveDraft,
} from "./repo.ts";

// What `Sitio web` does with the site's items (issue 17, docs/decisions/037): each change checked
// by the item's kind, each publish, restore and retirement in the audit log.

export type Actor = { id: number; username: string; ip?: string | undefined };

/** A refused change about one field of the content (`content.slug`): a 409 naming it. */
export class SiteFieldConflictError extends Error {
  override name = "SiteFieldConflictError";
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A change the item cannot take (another kind's content, retiring the contact details, a draft that
 * no longer meets the rules): a 400 with the fields it is about.
 */
export class SiteChangeRefusedError extends Error {
  override name = "SiteChangeRefusedError";
  readonly details: { path: string; message: string }[];
  constructor(details: { path: string; message: string }[]) {
    super([...new Set(details.map((detail) => detail.message))].join("; "));
    this.details = details;
  }
}

const refused = (path: string, message: string) => new SiteChangeRefusedError([{ path, message }]);

const slugTaken = () => new SiteFieldConflictError("content.slug", SITE_MESSAGES.slugTaken);

function titleOf(row: SiteItemRow) {
  if (row.kind === "product" || row.kind === "service") return (row.draft as ProductContent | ServiceContent).title;
  if (row.kind === "testimonial") return testimonialTitle((row.draft as TestimonialContent).name);
  if (row.kind === "partner") return (row.draft as PartnerContent).name;
  if (row.kind === "faq") return (row.draft as FaqContent).question;
  return SITE_ITEM_TITLES[row.kind];
}

function toSummary(view: SiteItemView): SiteItemSummary {
  return {
    id: view.id,
    kind: view.kind,
    title: titleOf(view),
    state: view.state,
    version: view.version,
    position: view.position,
    updatedAt: view.updatedAt.toISOString(),
    updatedBy: view.updatedByName,
    publishedAt: view.publishedAt?.toISOString() ?? null,
    publishedBy: view.publishedByName,
  };
}

const toItem = (view: SiteItemView) =>
  ({ ...toSummary(view), draft: view.draft, published: view.published }) as SiteItem;

export async function listItems(db: Db) {
  return (await listItemViews(db)).map(toSummary);
}

/** Undefined when there is no such item. */
export async function getItem(db: Db, id: number) {
  const [view] = await listItemViews(db, id);
  return view && toItem(view);
}

const audit = (db: Db, action: "created" | "published" | "restored" | "retired", row: SiteItemRow, actor: Actor) =>
  recordAudit(db, {
    action: `site_item_${action}`,
    actor,
    ip: actor.ip,
    details: { itemId: row.id, kind: row.kind, title: titleOf(row), version: row.version },
  });

/** A product's page address is another's (the unique index of drafts), as a 409 on `content.slug`. */
async function slugChecked<T>(change: () => Promise<T>) {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, "site_items_product_draft_slug")) throw slugTaken();
    throw error;
  }
}

/** A new product or testimonial, as a draft: on the site once published. */
export async function createItem(db: Db, { kind, content }: NewSiteItem, actor: Actor) {
  const row = await slugChecked(() => insertItem(db, kind, content, actor.id));
  await audit(db, "created", row, actor);
  return (await getItem(db, row.id)) as SiteItem;
}

/** Saves a new draft of item `id` (visitors see nothing of it yet). Undefined when there is no such item. */
export async function saveItemDraft(db: Db, id: number, change: SiteDraft, actor: Actor) {
  const item = await findSiteItem(db, id);
  if (!item) return undefined;
  if (item.kind !== change.kind) throw refused("kind", SITE_MESSAGES.kindMismatch);
  const row = await slugChecked(() => saveDraft(db, id, change.version, change.content, actor.id));
  return row && getItem(db, row.id);
}

/**
 * Makes item `id`'s draft what visitors see. The draft is checked again (a draft saved under older
 * rules must not reach the site as it is), and a product's address may not be one another product
 * still shows: its own draft moved on, but visitors see it there until that one is published.
 */
export async function publishItem(db: Db, id: number, version: number, actor: Actor) {
  const item = await findSiteItem(db, id);
  if (!item) return undefined;
  const checked = siteContentSchemas[item.kind].safeParse(item.draft);
  if (!checked.success) {
    throw new SiteChangeRefusedError(
      checked.error.issues.map((issue) => ({ path: ["content", ...issue.path].join("."), message: issue.message })),
    );
  }
  if (item.kind === "product" && (await publishedSlugTaken(db, id, (item.draft as ProductContent).slug))) {
    throw slugTaken();
  }
  const row = await db.transaction(async (tx) => {
    const published = await publishDraft(tx, id, version, actor.id);
    if (published) await offeredPublished(tx, published, item);
    return published;
  });
  if (row) await audit(db, "published", row, actor);
  return row && getItem(db, row.id);
}

/** Publishes again the copy `versionId` of item `id`'s history; it becomes the draft too. */
export async function restoreItem(db: Db, id: number, versionId: number, version: number, actor: Actor) {
  const item = await findSiteItem(db, id);
  if (!item) return undefined;
  const row = await slugChecked(() =>
    db.transaction(async (tx) => {
      const restored = await restoreVersion(tx, id, versionId, version, actor.id);
      if (restored) await offeredPublished(tx, restored, item);
      return restored;
    }),
  );
  if (row) await audit(db, "restored", row, actor);
  return row && getItem(db, row.id);
}

/**
 * What follows the publish of a product or a service: its title offered in the form; a product's old
 * address leading to the new.
 */
async function offeredPublished(tx: Db, row: SiteItemRow, before: SiteItemRow) {
  if (row.kind !== "product" && row.kind !== "service") return;
  await offerTitle(tx, row, before);
  if (row.kind !== "product") return;
  const from = (before.published as ProductContent | null)?.slug;
  const to = (row.published as ProductContent).slug;
  if (from && from !== to) await recordMove(tx, productPath(from), productPath(to));
}

/**
 * A product or a service on the site is one of the contact form's products and services, by its
 * title. A new one becomes a service type; a renamed one a new service type, the old title retired
 * (the messages that asked for it keep it); one published again after its retirement is offered again.
 */
async function offerTitle(tx: Db, row: SiteItemRow, before: SiteItemRow) {
  const { title } = row.published as ProductContent | ServiceContent;
  const previous = before.published as ProductContent | ServiceContent | null;
  if (row.serviceTypeId !== null && (previous === null || previous.title === title)) {
    await reofferServiceType(tx, row.serviceTypeId);
    return;
  }
  const serviceTypeId = await offerServiceType(tx, title);
  if (row.serviceTypeId !== null && row.serviceTypeId !== serviceTypeId) {
    await retireServiceType(tx, row.serviceTypeId, row.id);
  }
  await tx.update(siteItems).set({ serviceTypeId }).where(eq(siteItems.id, row.id));
}

/**
 * Takes an item of a list off the site (a product's page, its card and the form's list; a service's
 * panel or slide and its place in the form's list); its draft and history stay.
 */
export async function retireListed(db: Db, id: number, version: number, actor: Actor) {
  const item = await findSiteItem(db, id);
  if (!item) return undefined;
  if (!(SITE_LIST_KINDS as readonly string[]).includes(item.kind)) throw refused("kind", SITE_MESSAGES.onlyListsRetire);
  if (item.published === null) throw refused("id", SITE_MESSAGES.notPublished);
  const row = await db.transaction(async (tx) => {
    const retired = await retireItem(tx, id, version, actor.id);
    if (retired?.serviceTypeId) await retireServiceType(tx, retired.serviceTypeId, retired.id);
    return retired;
  });
  if (row) await audit(db, "retired", row, actor);
  return row && getItem(db, row.id);
}

/** Item `id`'s published versions, newest first; undefined when there is no such item. */
export async function listPublications(db: Db, id: number): Promise<SitePublication[] | undefined> {
  if (!(await findSiteItem(db, id))) return undefined;
  return (await listVersions(db, id)).map((row) => ({
    id: row.id,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: row.publishedByName,
    content: row.content as Record<string, unknown>,
  }));
}

async function publishedSlugTaken(db: Db, id: number, slug: string) {
  const [row] = await db
    .select({ id: siteItems.id })
    .from(siteItems)
    .where(and(eq(siteItems.kind, "product"), ne(siteItems.id, id), sql`${siteItems.published} ->> 'slug' = ${slug}`))
    .limit(1);
  return row !== undefined;
}

/** What the public pages show now (docs/decisions/037). */
export async function readPublishedSite(db: Db): Promise<PublishedSite> {
  const [products, services, landing, testimonials, faqs, partners, contactDetails] = await Promise.all([
    listPublished(db, "product"),
    listPublished(db, "service"),
    readOne(db, "landing"),
    listPublished(db, "testimonial"),
    listPublished(db, "faq"),
    listPublished(db, "partner"),
    readContactDetails(db),
  ]);
  return {
    products: products as ProductContent[],
    services: services as ServiceContent[],
    landing: landing as LandingContent,
    testimonials: testimonials as TestimonialContent[],
    faqs: faqs as FaqContent[],
    partners: partners as PartnerContent[],
    contactDetails,
  };
}

/** How visitors reach the supplier, as published. */
export async function readContactDetails(db: Db): Promise<ContactDetails> {
  return (await readOne(db, "contact-details")) as ContactDetails;
}

/** An item of which there is one, as published (always: it is seeded published and never retired). */
async function readOne(db: Db, kind: "landing" | "contact-details") {
  const [content] = await listPublished(db, kind);
  if (!content) throw new Error(`the site's ${kind} is not published`);
  return content;
}

/**
 * `Vista previa`: the published site with one item as the editor has it now, and the page that
 * shows it (the product's own page; the home page for the contact details, which it shows all of).
 */
export async function previewSite(db: Db, site: PublishedSite, change: SitePreviewChange) {
  if (change.kind === "contact-details") return { path: "/", site: { ...site, contactDetails: change.content } };
  if (change.kind === "landing") return { path: "/", site: { ...site, landing: change.content } };
  if (change.kind === "service") {
    const item = change.id === undefined ? undefined : await findSiteItem(db, change.id);
    const services = inPlaceOf(site.services, item?.published ?? null, change.content);
    return { path: "/servicios", site: { ...site, services } };
  }
  if (change.kind === "testimonial" || change.kind === "faq" || change.kind === "partner") {
    // Shown on the home page (partners: in every page's footer), in place of what the item shows now.
    const item = change.id === undefined ? undefined : await findSiteItem(db, change.id);
    const shown = item?.published ?? null;
    if (change.kind === "testimonial") {
      return { path: "/", site: { ...site, testimonials: inPlaceOf(site.testimonials, shown, change.content) } };
    }
    if (change.kind === "faq")
      return { path: "/", site: { ...site, faqs: inPlaceOf(site.faqs, shown, change.content) } };
    return { path: "/", site: { ...site, partners: inPlaceOf(site.partners, shown, change.content) } };
  }
  const item = change.id === undefined ? undefined : await findSiteItem(db, change.id);
  const replaced = (item?.published as ProductContent | null | undefined)?.slug;
  const others = site.products.filter((product) => product.slug !== replaced && product.slug !== change.content.slug);
  const at = site.products.findIndex((product) => product.slug === replaced);
  const products = at === -1 ? [...others, change.content] : others.toSpliced(at, 0, change.content);
  return { path: productPath(change.content.slug), site: { ...site, products } };
}

export type SitePreviewChange =
  | { kind: "product"; id?: number | undefined; content: ProductContent }
  | { kind: "service"; id?: number | undefined; content: ServiceContent }
  | { kind: "landing"; content: LandingContent }
  | { kind: "testimonial"; id?: number | undefined; content: TestimonialContent }
  | { kind: "faq"; id?: number | undefined; content: FaqContent }
  | { kind: "partner"; id?: number | undefined; content: PartnerContent }
  | { kind: "contact-details"; content: ContactDetails };

/** `list` with `content` where `shown` is (the item as visitors see it now), or at its end. */
function inPlaceOf<T>(list: T[], shown: unknown, content: T) {
  const at = shown === null ? -1 : list.findIndex((entry) => JSON.stringify(entry) === JSON.stringify(shown));
  return at === -1 ? [...list, content] : list.toSpliced(at, 1, content);
}
