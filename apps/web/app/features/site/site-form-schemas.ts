import {
  type ContactDetails,
  contactDetailsSchema,
  type FaqContent,
  faqContentSchema,
  type PartnerContent,
  type ProductContent,
  partnerContentSchema,
  productContentSchema,
  type TestimonialContent,
  testimonialContentSchema,
} from "@app/shared";
import { PRODUCT_BADGES, type ProductBadge, type ProductTab } from "@app/shared/constants";
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
    let image: ProductContent["image"] = null;
    if (values.imageSrc) {
      const checked = productContentSchema.shape.image.safeParse({ src: values.imageSrc, alt: values.imageAlt });
      if (checked.success) image = checked.data;
      else {
        for (const issue of checked.error.issues) {
          context.addIssue({ code: "custom", path: ["imageAlt"], message: issue.message });
        }
        return z.NEVER;
      }
    }
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
