// The tables of the site module (the content staff edit). Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import type { SiteItemKind } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { bytea, createdAt } from "./columns.ts";
import { serviceTypes } from "./service-types.ts";

/**
 * What staff edit of the public site (docs/decisions/037): a product of the catalogue, a service, a
 * testimonial, a question, a partner, the home page's copy, the site's contact details. Content is
 * JSON checked by the kind's schema (`siteContentSchemas`) at every save.
 */
export const siteItems = pgTable(
  "site_items",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<SiteItemKind>().notNull(),
    /** What `Guardar borrador` stored last; what `Publicar` makes public. */
    draft: jsonb("draft").notNull(),
    /** What visitors see: null while never published, or once retired from the site. */
    published: jsonb("published"),
    /** Raised by every save, publish and restore: a change sent with an older one is a 409. */
    version: integer("version").notNull().default(1),
    /** Its place among the items of its kind (the catalogue's order). */
    position: integer("position").notNull().default(0),
    /** A product's service type: the title its contact requests ask for, kept by old leads. */
    serviceTypeId: integer("service_type_id").references(() => serviceTypes.id),
    updatedBy: integer("updated_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer("published_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "site_items_kind_check",
      sql`${table.kind} in ('product', 'service', 'testimonial', 'faq', 'partner', 'landing', 'contact-details')`,
    ),
    index("site_items_kind_position_idx").on(table.kind, table.position),
    // One set of contact details; no two products with one page address, draft or published.
    uniqueIndex("site_items_one_contact_details").on(table.kind).where(sql`${table.kind} = 'contact-details'`),
    uniqueIndex("site_items_one_landing").on(table.kind).where(sql`${table.kind} = 'landing'`),
    uniqueIndex("site_items_product_draft_slug")
      .on(sql`(${table.draft} ->> 'slug')`)
      .where(sql`${table.kind} = 'product'`),
  ],
);

/** Each published version of an item, newest last: the history `Restaurar` picks from. */
export const siteItemVersions = pgTable(
  "site_item_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    itemId: integer("item_id")
      .notNull()
      .references(() => siteItems.id, { onDelete: "cascade" }),
    content: jsonb("content").notNull(),
    publishedBy: integer("published_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("site_item_versions_item_idx").on(table.itemId, table.id)],
);

/** A product's old page address, answered with a 301 to its current one. */
export const siteRedirects = pgTable("site_redirects", {
  fromPath: text("from_path").primaryKey(),
  toPath: text("to_path").notNull(),
  createdAt: createdAt(),
});

/**
 * A picture staff uploaded for the site: the original as sent (never served: it may carry the
 * camera's metadata) and its size. Kept in the database like attachments, so every instance and
 * every backup has it.
 */
export const siteImages = pgTable("site_images", {
  id: serial("id").primaryKey(),
  original: bytea("original").notNull(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  uploadedBy: integer("uploaded_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** The copies visitors get: without metadata, AVIF and WebP, one per width (`/media/<id>-<width>.<format>`). */
export const siteImageVariants = pgTable(
  "site_image_variants",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => siteImages.id, { onDelete: "cascade" }),
    format: text("format").$type<"avif" | "webp">().notNull(),
    width: integer("width").notNull(),
    content: bytea("content").notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.format, table.width] })],
);
