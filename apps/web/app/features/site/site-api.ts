import type {
  NewSiteItem,
  SiteDraft,
  SiteImageUpload,
  SiteItem,
  SiteItemSummary,
  SitePreview,
  SitePreviewRequest,
  SitePublication,
} from "@app/shared";
import { authRequest } from "~/lib/api-client";

// `Sitio web` (issue 17): administrators and content editors. Every change carries the version it
// was made on: the API answers 409 with the item as it is now when someone changed it meanwhile.

/** `GET /api/site/items`: the contact details, then the products in the catalogue's order. */
export const listSiteItems = () => authRequest<SiteItemSummary[]>("/site/items");

export const loadSiteItem = (id: number, signal?: AbortSignal) =>
  authRequest<SiteItem>(`/site/items/${id}`, { signal });

/** Its published versions, newest first. */
export const loadSitePublications = (id: number, signal?: AbortSignal) =>
  authRequest<SitePublication[]>(`/site/items/${id}/versions`, { signal });

/** A new product or testimonial, as a draft. */
export const createSiteItem = (item: NewSiteItem) =>
  authRequest<SiteItem>("/site/items", { method: "POST", body: item });

export const saveSiteDraft = (id: number, draft: SiteDraft) =>
  authRequest<SiteItem>(`/site/items/${id}`, { method: "PUT", body: draft });

export const publishSiteItem = (id: number, version: number) =>
  authRequest<SiteItem>(`/site/items/${id}/publish`, { method: "POST", body: { version } });

export const retireSiteItem = (id: number, version: number) =>
  authRequest<SiteItem>(`/site/items/${id}/retire`, { method: "POST", body: { version } });

export const restoreSitePublication = (id: number, publicationId: number, version: number) =>
  authRequest<SiteItem>(`/site/items/${id}/versions/${publicationId}/restore`, { method: "POST", body: { version } });

/** `POST /api/site/images`: the picture as it is; the server makes its copies. */
export const uploadSiteImage = (file: File) =>
  authRequest<SiteImageUpload>("/site/images", { method: "POST", body: file });

/** `POST /api/site/preview`: the page as it would be with this content (nothing is saved). */
export const previewSiteContent = (change: SitePreviewRequest) =>
  authRequest<SitePreview>("/site/preview", { method: "POST", body: change });
