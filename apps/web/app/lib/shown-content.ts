import type { FaqContent, ProductContent, ServiceContent } from "@app/shared";
import type { RichBlock } from "@app/shared/constants";

// Published content as the public pages show it: the rich texts already parsed by the server
// (shown-content.server.ts), so that the browser draws them without the parser.

export type ShownProduct = Omit<ProductContent, "description"> & {
  description: RichBlock[];
  /** The description without its marks, in one line: the card's excerpt and the meta description. */
  excerpt: string;
};
export type ShownService = Omit<ServiceContent, "description"> & { description: RichBlock[] };
export type ShownFaq = Omit<FaqContent, "answer"> & { answer: RichBlock[] };
