import { z } from "zod";
import { PRODUCT_BADGES, PRODUCT_TABS, SITE_VIDEO_NAMES } from "../site-public.ts";
import {
  SITE_LIMITS as L,
  SITE_MESSAGES as M,
  PARTNER_GROUPS,
  PHONE_AS_WRITTEN,
  SERVICE_LINE_ICONS,
  SERVICE_LINE_PAGES,
  SERVICE_PLACEMENTS,
  SITE_IMAGE_SOURCE,
  SITE_ITEM_KINDS,
  SITE_ITEM_STATES,
  SLUG_PATTERN,
} from "../site-rules.ts";
import { richText } from "./rich-text-field.ts";
import { requiredText } from "./text-field.ts";

// The site's editable content (docs/decisions/037): each kind of item, as a draft is saved and as it
// is published. The API checks every save with these; the site renders their output types.

/** One line of text: trimmed, required, at most `max` characters, no control characters. */
const line = (required: string, tooLong: string, max: number) =>
  requiredText(max, { required, tooLong, badCharacters: M.badCharacters }, "single");

/** Paragraphs: line breaks allowed, nothing else of the control characters. */
const paragraphs = (required: string, tooLong: string, max: number) =>
  requiredText(max, { required, tooLong, badCharacters: M.badCharacters }, "multi");

/** Paragraphs with bold, italic, links and lists (rich-text.ts): a link to anything but the web, mail or a phone is refused. */
const formatted = (required: string, tooLong: string, max: number) =>
  richText(max, { required, tooLong, badCharacters: M.badCharacters });

const phone = (required: string, invalid: string) =>
  line(required, invalid, L.phone).refine((value) => PHONE_AS_WRITTEN.test(value), { error: invalid });

export const siteImageSchema = z.strictObject({
  src: z.string().regex(SITE_IMAGE_SOURCE, { error: M.imageSourceInvalid }),
  /** Required: a product's picture says what it shows, in Spanish (checked before publishing). */
  alt: line(M.imageAltRequired, M.imageAltTooLong, L.imageAlt),
});
export type SiteImage = z.output<typeof siteImageSchema>;

/** A product of the catalogue: its page `/productos/<slug>`, its card and its dialog. */
export const productContentSchema = z.strictObject({
  title: line(M.titleRequired, M.titleTooLong, L.title),
  slug: z
    .string({ error: M.slugRequired })
    .trim()
    .min(1, { error: M.slugRequired, abort: true })
    .max(L.slug, { error: M.slugTooLong })
    .regex(SLUG_PATTERN, { error: M.slugInvalid }),
  description: formatted(M.descriptionRequired, M.descriptionTooLong, L.description),
  features: z.array(line(M.featureRequired, M.featureTooLong, L.feature)).max(L.features, { error: M.tooManyFeatures }),
  presentations: z
    .array(line(M.presentationRequired, M.presentationTooLong, L.presentation))
    .max(L.presentations, { error: M.tooManyPresentations }),
  /** A product may be on both tabs. */
  tabs: z
    .array(z.enum(PRODUCT_TABS))
    .min(1, { error: M.tabsRequired })
    .refine((tabs) => new Set(tabs).size === tabs.length, { error: M.tabsRepeated }),
  badge: z.enum(PRODUCT_BADGES).nullable(),
  /** A product without a picture still lays out well. */
  image: siteImageSchema.nullable(),
});
export type ProductContent = z.output<typeof productContentSchema>;

/**
 * A service of `/servicios`: a panel of its own or a slide of the carousel. Like a product, its
 * title is one of the contact form's products and services while it is on the site.
 */
export const serviceContentSchema = z.strictObject({
  title: line(M.serviceTitleRequired, M.serviceTitleTooLong, L.title),
  placement: z.enum(SERVICE_PLACEMENTS, { error: M.placementInvalid }),
  eyebrow: line(M.eyebrowRequired, M.eyebrowTooLong, L.eyebrow),
  description: formatted(M.serviceDescriptionRequired, M.serviceDescriptionTooLong, L.serviceDescription),
  highlights: z
    .array(line(M.highlightRequired, M.highlightTooLong, L.highlight))
    .max(L.highlights, { error: M.tooManyHighlights }),
  image: siteImageSchema.nullable(),
  /** One of the site's own videos, shown in place of the picture (a panel only). */
  video: z.enum(SITE_VIDEO_NAMES, { error: M.videoInvalid }).nullable(),
});
export type ServiceContent = z.output<typeof serviceContentSchema>;

/** The home page's own copy: its hero, its figures, its service cards and its call to action. */
export const landingContentSchema = z.strictObject({
  hero: z.strictObject({
    eyebrow: line(M.eyebrowRequired, M.eyebrowTooLong, L.eyebrow),
    title: line(M.heroTitleRequired, M.heroTitleTooLong, L.heroTitle),
    text: line(M.heroTextRequired, M.heroTextTooLong, L.heroText),
    claim: line(M.claimRequired, M.claimTooLong, L.claim),
  }),
  stats: z
    .array(
      z.strictObject({
        value: line(M.statValueRequired, M.statValueTooLong, L.statValue),
        label: line(M.statLabelRequired, M.statLabelTooLong, L.statLabel),
      }),
    )
    .min(1, { error: M.statsRequired })
    .max(L.stats, { error: M.tooManyStats }),
  serviceLines: z
    .array(
      z.strictObject({
        title: line(M.serviceLineTitleRequired, M.serviceLineTitleTooLong, L.serviceLineTitle),
        text: line(M.serviceLineTextRequired, M.serviceLineTextTooLong, L.serviceLineText),
        icon: z.enum(SERVICE_LINE_ICONS, { error: M.serviceLineIconInvalid }),
        page: z.enum(SERVICE_LINE_PAGES, { error: M.serviceLinePageInvalid }),
      }),
    )
    .max(L.serviceLines, { error: M.tooManyServiceLines }),
  callToAction: z.strictObject({
    title: line(M.callToActionTitleRequired, M.callToActionTitleTooLong, L.callToActionTitle),
    text: line(M.callToActionTextRequired, M.callToActionTextTooLong, L.callToActionText),
    promises: z
      .array(line(M.promiseRequired, M.promiseTooLong, L.promise))
      .max(L.promises, { error: M.tooManyPromises }),
  }),
});
export type LandingContent = z.output<typeof landingContentSchema>;

/** A testimonial of the home page: what a client said, who and where, with its stars. */
export const testimonialContentSchema = z.strictObject({
  quote: paragraphs(M.quoteRequired, M.quoteTooLong, L.quote),
  name: line(M.personRequired, M.personTooLong, L.person),
  role: line(M.roleRequired, M.roleTooLong, L.role),
  rating: z
    .number({ error: M.ratingInvalid })
    .int({ error: M.ratingInvalid })
    .min(1, { error: M.ratingInvalid })
    .max(5, {
      error: M.ratingInvalid,
    }),
});
export type TestimonialContent = z.output<typeof testimonialContentSchema>;

/** A question of the home page's `Preguntas frecuentes`, with its answer. */
export const faqContentSchema = z.strictObject({
  question: line(M.questionRequired, M.questionTooLong, L.question),
  answer: formatted(M.answerRequired, M.answerTooLong, L.answer),
});
export type FaqContent = z.output<typeof faqContentSchema>;

/** A partner of the footer's `Nuestros socios`. */
export const partnerContentSchema = z.strictObject({
  name: line(M.partnerNameRequired, M.partnerNameTooLong, L.partnerName),
  description: line(M.partnerDescriptionRequired, M.partnerDescriptionTooLong, L.partnerDescription),
  group: z.enum(PARTNER_GROUPS, { error: M.partnerGroupInvalid }),
});
export type PartnerContent = z.output<typeof partnerContentSchema>;

/** How to reach the supplier, wherever the site, its emails and its JSON-LD say it. */
export const contactDetailsSchema = z.strictObject({
  phone: phone(M.phoneRequired, M.phoneInvalid),
  whatsapp: phone(M.whatsappRequired, M.whatsappInvalid),
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, { error: M.emailRequired, abort: true })
    .max(L.email, { error: M.emailInvalid })
    .pipe(z.email({ error: M.emailInvalid })),
  address: z.strictObject({
    street: line(M.addressRequired, M.addressTooLong, L.addressLine),
    city: line(M.addressRequired, M.addressTooLong, L.addressLine),
    region: line(M.addressRequired, M.addressTooLong, L.addressLine),
    country: line(M.addressRequired, M.addressTooLong, L.addressLine),
  }),
  hours: line(M.hoursRequired, M.hoursTooLong, L.hours),
});
export type ContactDetails = z.output<typeof contactDetailsSchema>;

/**
 * What the public pages show (`GET /api/site/published`, and what the server renders them with):
 * the published products in the catalogue's order and the contact details. Drafts and retired
 * products are never in it.
 */
export const publishedSiteSchema = z.object({
  products: z.array(productContentSchema),
  services: z.array(serviceContentSchema),
  landing: landingContentSchema,
  testimonials: z.array(testimonialContentSchema),
  faqs: z.array(faqContentSchema),
  partners: z.array(partnerContentSchema),
  contactDetails: contactDetailsSchema,
});
/** The same as the API sends it: as stored (the content schemas trim and so cannot encode). */
export const publishedSiteResponseSchema = z.object({
  products: z.array(z.record(z.string(), z.unknown())),
  services: z.array(z.record(z.string(), z.unknown())),
  landing: z.record(z.string(), z.unknown()),
  testimonials: z.array(z.record(z.string(), z.unknown())),
  faqs: z.array(z.record(z.string(), z.unknown())),
  partners: z.array(z.record(z.string(), z.unknown())),
  contactDetails: z.record(z.string(), z.unknown()),
});
export type PublishedSite = z.output<typeof publishedSiteSchema>;

/** The schema of each kind's content. */
export const siteContentSchemas = {
  product: productContentSchema,
  service: serviceContentSchema,
  testimonial: testimonialContentSchema,
  faq: faqContentSchema,
  partner: partnerContentSchema,
  landing: landingContentSchema,
  "contact-details": contactDetailsSchema,
} as const satisfies Record<(typeof SITE_ITEM_KINDS)[number], z.ZodType>;

// The API of `Sitio web` (`/api/site/items`): what the CRM's editor reads and sends.

/** The version of an item the editor loaded: a change sent with an older one is a 409. */
const version = z.number().int().min(1).max(2_147_483_647);

/** `PUT /api/site/items/:id`: a new draft, checked by its kind's schema (errors name `content.<field>`). */
export const siteDraftSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("product"), version, content: productContentSchema }),
  z.strictObject({ kind: z.literal("service"), version, content: serviceContentSchema }),
  z.strictObject({ kind: z.literal("landing"), version, content: landingContentSchema }),
  z.strictObject({ kind: z.literal("testimonial"), version, content: testimonialContentSchema }),
  z.strictObject({ kind: z.literal("faq"), version, content: faqContentSchema }),
  z.strictObject({ kind: z.literal("partner"), version, content: partnerContentSchema }),
  z.strictObject({ kind: z.literal("contact-details"), version, content: contactDetailsSchema }),
]);
export type SiteDraft = z.input<typeof siteDraftSchema>;

/**
 * `POST /api/site/preview` (`Vista previa`): the page as visitors would see it with this content,
 * not saved. `id` is the product it changes (none: a product not on the site yet).
 */
export const sitePreviewSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("product"), id: z.number().int().min(1).optional(), content: productContentSchema }),
  z.strictObject({ kind: z.literal("service"), id: z.number().int().min(1).optional(), content: serviceContentSchema }),
  z.strictObject({ kind: z.literal("landing"), content: landingContentSchema }),
  z.strictObject({
    kind: z.literal("testimonial"),
    id: z.number().int().min(1).optional(),
    content: testimonialContentSchema,
  }),
  z.strictObject({ kind: z.literal("faq"), id: z.number().int().min(1).optional(), content: faqContentSchema }),
  z.strictObject({ kind: z.literal("partner"), id: z.number().int().min(1).optional(), content: partnerContentSchema }),
  z.strictObject({ kind: z.literal("contact-details"), content: contactDetailsSchema }),
]);
export type SitePreviewRequest = z.input<typeof sitePreviewSchema>;
/** The page's address and its HTML, without scripts (shown in a frame that runs none). */
export const sitePreviewAnswerSchema = z.object({ path: z.string(), html: z.string() });
export type SitePreview = z.output<typeof sitePreviewAnswerSchema>;

/**
 * `POST /api/site/items`: a new product, service, testimonial, question or partner, as a draft (the
 * home page's copy and the contact details are one item each, never added).
 */
export const newSiteItemSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("product"), content: productContentSchema }),
  z.strictObject({ kind: z.literal("service"), content: serviceContentSchema }),
  z.strictObject({ kind: z.literal("testimonial"), content: testimonialContentSchema }),
  z.strictObject({ kind: z.literal("faq"), content: faqContentSchema }),
  z.strictObject({ kind: z.literal("partner"), content: partnerContentSchema }),
]);
export type NewSiteItem = z.output<typeof newSiteItemSchema>;

/** `POST /api/site/items/:id/publish`, `/retire`, `/versions/:versionId/restore`: the version seen. */
export const siteVersionSchema = z.strictObject({ version });

const itemFields = {
  id: z.number().int(),
  state: z.enum(SITE_ITEM_STATES),
  version: z.number().int(),
  position: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
};

/** An item of the list: what it is, its name and where it stands. */
export const siteItemSummarySchema = z.object({ ...itemFields, kind: z.enum(SITE_ITEM_KINDS), title: z.string() });
export type SiteItemSummary = z.output<typeof siteItemSummarySchema>;
export const siteItemListSchema = z.array(siteItemSummarySchema);

/**
 * One item with its draft and what visitors see of it (null: not on the site). The contents are
 * sent as stored (checked at every save); the content schemas above trim and so cannot encode.
 */
const storedContent = z.record(z.string(), z.unknown());
export const siteItemSchema = siteItemSummarySchema.extend({
  draft: storedContent,
  published: storedContent.nullable(),
});
export type SiteItem = Omit<SiteItemSummary, "kind"> &
  (
    | { kind: "product"; draft: ProductContent; published: ProductContent | null }
    | { kind: "service"; draft: ServiceContent; published: ServiceContent | null }
    | { kind: "landing"; draft: LandingContent; published: LandingContent | null }
    | { kind: "testimonial"; draft: TestimonialContent; published: TestimonialContent | null }
    | { kind: "faq"; draft: FaqContent; published: FaqContent | null }
    | { kind: "partner"; draft: PartnerContent; published: PartnerContent | null }
    | { kind: "contact-details"; draft: ContactDetails; published: ContactDetails | null }
  );

/** A published version of an item, for `Restaurar`. */
export const sitePublicationSchema = z.object({
  id: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  content: storedContent,
});
export const sitePublicationListSchema = z.array(sitePublicationSchema);
export type SitePublication = z.output<typeof sitePublicationSchema>;

/** `:id` and `:versionId` of a version's restore. */
export const sitePublicationParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  versionId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** `POST /api/site/images`: the stored picture, its copies' widths and the address of the widest WebP. */
export const siteImageUploadSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  src: z.string(),
  widths: z.array(z.number().int()),
});
export type SiteImageUpload = z.output<typeof siteImageUploadSchema>;
