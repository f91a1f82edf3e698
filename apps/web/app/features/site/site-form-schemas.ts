import {
  type ContactDetails,
  contactDetailsSchema,
  type FaqContent,
  faqContentSchema,
  type LandingContent,
  landingContentSchema,
  type PartnerContent,
  type ProductContent,
  partnerContentSchema,
  productContentSchema,
  type ServiceContent,
  type SiteImage,
  serviceContentSchema,
  siteImageSchema,
  type TestimonialContent,
  testimonialContentSchema,
} from "@app/shared";
import {
  PRODUCT_BADGES,
  type ProductBadge,
  type ProductTab,
  SERVICE_PLACEMENTS,
  SITE_VIDEO_NAMES,
} from "@app/shared/constants";
import { z } from "zod";

// The editor's forms, judged by the API's own schemas (packages/shared/src/schemas/site.ts): a list
// of features or presentations is typed one per line, and its error shows under that one field.

const product = productContentSchema.shape;

/** One entry per non-empty line. */
export const linesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** A text area of one entry per line, checked as the list it becomes; an error names the field. */
const lineList = (list: z.ZodType<string[]>) =>
  z.string().transform((text, context) => {
    const checked = list.safeParse(linesOf(text));
    if (checked.success) return checked.data;
    context.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? "Valor inválido" });
    return z.NEVER;
  });

/**
 * The picture a form's values name (`imageSrc`, `imageAlt`): none without a source; with one, its
 * alt text checked, an error on `imageAlt`.
 */
function imageOf(
  values: { imageSrc: string; imageAlt: string },
  context: z.RefinementCtx,
): SiteImage | null | typeof z.NEVER {
  if (!values.imageSrc) return null;
  const checked = siteImageSchema.safeParse({ src: values.imageSrc, alt: values.imageAlt });
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) {
    context.addIssue({ code: "custom", path: ["imageAlt"], message: issue.message });
  }
  return z.NEVER;
}

export const productFormSchema = z
  .object({
    title: product.title,
    slug: product.slug,
    description: product.description,
    features: lineList(product.features),
    presentations: lineList(product.presentations),
    tabs: z.array(z.string()).pipe(product.tabs),
    badge: z.union([z.literal(""), z.enum(PRODUCT_BADGES)]),
    /** The picture the product has (uploads come with the image step): kept, with its alt text. */
    imageSrc: z.string(),
    imageAlt: z.string(),
  })
  .transform((values, context): ProductContent => {
    const image = imageOf(values, context);
    if (image === z.NEVER) return z.NEVER;
    const { title, slug, description, features, presentations, tabs, badge } = values;
    return { title, slug, description, features, presentations, tabs, badge: badge || null, image };
  });
export type ProductFormValues = z.input<typeof productFormSchema>;

export const productFormValuesOf = (content: ProductContent): ProductFormValues => ({
  title: content.title,
  slug: content.slug,
  description: content.description,
  features: content.features.join("\n"),
  presentations: content.presentations.join("\n"),
  tabs: [...content.tabs],
  badge: content.badge ?? "",
  imageSrc: content.image?.src ?? "",
  imageAlt: content.image?.alt ?? "",
});

export const EMPTY_PRODUCT: ProductFormValues = {
  title: "",
  slug: "",
  description: "",
  features: "",
  presentations: "",
  tabs: ["empresariales" satisfies ProductTab],
  badge: "",
  imageSrc: "",
  imageAlt: "",
};

const service = serviceContentSchema.shape;

export const serviceFormSchema = z
  .object({
    title: service.title,
    placement: z.enum(SERVICE_PLACEMENTS),
    eyebrow: service.eyebrow,
    description: service.description,
    highlights: lineList(service.highlights),
    /** "": none; a panel may show one of the site's videos in place of its picture. */
    video: z.union([z.literal(""), z.enum(SITE_VIDEO_NAMES)]),
    imageSrc: z.string(),
    imageAlt: z.string(),
  })
  .transform((values, context): ServiceContent => {
    const image = imageOf(values, context);
    if (image === z.NEVER) return z.NEVER;
    const { title, placement, eyebrow, description, highlights, video } = values;
    return { title, placement, eyebrow, description, highlights, image, video: video || null };
  });
export type ServiceFormValues = z.input<typeof serviceFormSchema>;

export const serviceFormValuesOf = (content: ServiceContent): ServiceFormValues => ({
  title: content.title,
  placement: content.placement,
  eyebrow: content.eyebrow,
  description: content.description,
  highlights: content.highlights.join("\n"),
  video: content.video ?? "",
  imageSrc: content.image?.src ?? "",
  imageAlt: content.image?.alt ?? "",
});

export const EMPTY_SERVICE: ServiceFormValues = {
  title: "",
  placement: "slide",
  eyebrow: "",
  description: "",
  highlights: "",
  video: "",
  imageSrc: "",
  imageAlt: "",
};

const landing = landingContentSchema.shape;
const callToAction = landing.callToAction.shape;

/** The home page's copy as stored, but for the call to action's promises: one per line. */
export const landingFormSchema = z.object({
  hero: landing.hero,
  stats: landing.stats,
  serviceLines: landing.serviceLines,
  callToAction: z.object({
    title: callToAction.title,
    text: callToAction.text,
    promises: lineList(callToAction.promises),
  }),
}) satisfies z.ZodType<LandingContent, unknown>;
export type LandingFormValues = z.input<typeof landingFormSchema>;
export type LandingFormContent = z.output<typeof landingFormSchema>;

export const landingFormValuesOf = (content: LandingContent): LandingFormValues => ({
  ...content,
  callToAction: { ...content.callToAction, promises: content.callToAction.promises.join("\n") },
});

/** `content.callToAction.promises.2` -> `callToAction.promises`: the API's errors on the home page's form. */
export const landingFieldOf = (path: string) => {
  const field = path.replace(/^content\./, "");
  return field.startsWith("callToAction.promises") ? "callToAction.promises" : field;
};

const details = contactDetailsSchema.shape;
const address = details.address.shape;

export const contactDetailsFormSchema = z
  .object({
    phone: details.phone,
    whatsapp: details.whatsapp,
    email: details.email,
    street: address.street,
    city: address.city,
    region: address.region,
    country: address.country,
    hours: details.hours,
  })
  .transform(
    ({ street, city, region, country, ...rest }): ContactDetails => ({
      ...rest,
      address: { street, city, region, country },
    }),
  );
export type ContactDetailsFormValues = z.input<typeof contactDetailsFormSchema>;

export const contactDetailsFormValuesOf = ({ address: place, ...rest }: ContactDetails): ContactDetailsFormValues => ({
  ...rest,
  ...place,
});

const testimonial = testimonialContentSchema.shape;

/** The stars come from a list as text ("5"), checked as the number the API takes. */
export const testimonialFormSchema = z.object({
  quote: testimonial.quote,
  name: testimonial.name,
  role: testimonial.role,
  rating: z.string().transform(Number).pipe(testimonial.rating),
}) satisfies z.ZodType<TestimonialContent, unknown>;
export type TestimonialFormValues = z.input<typeof testimonialFormSchema>;

export const testimonialFormValuesOf = (content: TestimonialContent): TestimonialFormValues => ({
  ...content,
  rating: String(content.rating),
});

export const EMPTY_TESTIMONIAL: TestimonialFormValues = { quote: "", name: "", role: "", rating: "5" };

export const faqFormSchema = faqContentSchema;
export type FaqFormValues = z.input<typeof faqFormSchema>;
export const faqFormValuesOf = (content: FaqContent): FaqFormValues => ({ ...content });
export const EMPTY_FAQ: FaqFormValues = { question: "", answer: "" };

export const partnerFormSchema = partnerContentSchema;
export type PartnerFormValues = z.input<typeof partnerFormSchema>;
export const partnerFormValuesOf = (content: PartnerContent): PartnerFormValues => ({ ...content });
export const EMPTY_PARTNER: PartnerFormValues = { name: "", description: "", group: "distribuidor" };

/** The product form's fields, in the order they show (the API's `content.<field>` errors land on them). */
export const PRODUCT_FIELDS = [
  "title",
  "slug",
  "description",
  "features",
  "presentations",
  "tabs",
  "badge",
  "imageAlt",
] as const;
export const SERVICE_FIELDS = [
  "title",
  "placement",
  "eyebrow",
  "description",
  "highlights",
  "video",
  "imageAlt",
] as const;
export const LANDING_FIELDS = ["hero", "stats", "serviceLines", "callToAction"] as const;
export const TESTIMONIAL_FIELDS = ["quote", "name", "role", "rating"] as const;
export const PARTNER_FIELDS = ["name", "description", "group"] as const;
export const FAQ_FIELDS = ["question", "answer"] as const;
export const CONTACT_DETAILS_FIELDS = [
  "phone",
  "whatsapp",
  "email",
  "street",
  "city",
  "region",
  "country",
  "hours",
] as const;

export type BadgeOption = { value: "" | ProductBadge; label: string };
export const BADGE_OPTIONS: BadgeOption[] = [
  { value: "", label: "Ninguno" },
  { value: "Popular", label: "Popular" },
  { value: "Nuevo", label: "Nuevo" },
];
