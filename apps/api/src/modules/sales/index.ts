// The sales module's face: quotes (`Cotizaciones`) and orders (`Pedidos`) of opportunities.
export { anonymiseSalesOf } from "./anonymise.ts";
export { moveCompanyDocuments } from "./company-documents.ts";
export { salesEmailRenderers } from "./quote-emails.ts";
export { createQuoteLinks, type QuoteLinks } from "./quote-links.ts";
