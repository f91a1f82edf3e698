import type { FaqContent, ProductContent, ServiceContent } from "@app/shared";
import { richTextPlain, shownRichText } from "@app/shared/constants";
import type { ShownFaq, ShownProduct, ShownService } from "./shown-content";

// The loaders' side of shown-content.ts: only the server parses rich text.

export const shownProduct = (product: ProductContent): ShownProduct => ({
  ...product,
  description: shownRichText(product.description),
  excerpt: richTextPlain(product.description),
});

export const shownService = (service: ServiceContent): ShownService => ({
  ...service,
  description: shownRichText(service.description),
});

export const shownFaq = (faq: FaqContent): ShownFaq => ({ ...faq, answer: shownRichText(faq.answer) });
