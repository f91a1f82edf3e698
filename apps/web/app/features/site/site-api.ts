import type { SiteItemSummary } from "@app/shared";
import { authRequest } from "~/lib/api-client";

/** `GET /api/site/items`: the contact details, then the products in the catalogue's order. */
export const listSiteItems = () => authRequest<SiteItemSummary[]>("/site/items");
