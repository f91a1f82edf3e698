ALTER TABLE "site_items" DROP CONSTRAINT "site_items_kind_check";--> statement-breakpoint
ALTER TABLE "site_items" ADD CONSTRAINT "site_items_kind_check" CHECK ("site_items"."kind" in ('product', 'testimonial', 'partner', 'contact-details'));
--> statement-breakpoint
-- The footer's partners as they were built until now (apps/web/app/content/partners.ts on
-- 2026-11-28), published, each with its first version in the history.
INSERT INTO "site_items" ("kind", "draft", "published", "position", "published_at") VALUES ('partner', $seed${"name":"Chrysal International","description":"Más de 95 años de innovación en el cuidado de las flores","group":"estrategico"}$seed$::jsonb, $seed${"name":"Chrysal International","description":"Más de 95 años de innovación en el cuidado de las flores","group":"estrategico"}$seed$::jsonb, 1, now());
--> statement-breakpoint
INSERT INTO "site_items" ("kind", "draft", "published", "position", "published_at") VALUES ('partner', $seed${"name":"AgroAndes Distribuciones","description":"Sierra norte y centro","group":"distribuidor"}$seed$::jsonb, $seed${"name":"AgroAndes Distribuciones","description":"Sierra norte y centro","group":"distribuidor"}$seed$::jsonb, 2, now());
--> statement-breakpoint
INSERT INTO "site_items" ("kind", "draft", "published", "position", "published_at") VALUES ('partner', $seed${"name":"Florícola del Pacífico","description":"Costa y sur del país","group":"distribuidor"}$seed$::jsonb, $seed${"name":"Florícola del Pacífico","description":"Costa y sur del país","group":"distribuidor"}$seed$::jsonb, 3, now());
--> statement-breakpoint
INSERT INTO "site_item_versions" ("item_id", "content", "published_at") SELECT "id", "published", "published_at" FROM "site_items" WHERE "kind" = 'partner';
