// Zod schemas for every payload and response, shared by the web app and the API.

export * from "./schemas/assignment.ts";
export * from "./schemas/audit.ts";
export * from "./schemas/auth.ts";
export * from "./schemas/board.ts";
export * from "./schemas/bulk.ts";
export * from "./schemas/catalogue.ts";
export * from "./schemas/common.ts";
export * from "./schemas/companies.ts";
export * from "./schemas/contact.ts";
export * from "./schemas/crm.ts";
export * from "./schemas/dashboard.ts";
export * from "./schemas/emails.ts";
export * from "./schemas/opportunities.ts";
export * from "./schemas/orders.ts";
export * from "./schemas/pipeline.ts";
export * from "./schemas/quotes.ts";
export * from "./schemas/reply-templates.ts";
export * from "./schemas/rich-text-field.ts";
export * from "./schemas/second-factor.ts";
export * from "./schemas/service-types.ts";
export * from "./schemas/signature.ts";
export * from "./schemas/site.ts";
export * from "./schemas/tasks.ts";
export * from "./schemas/users.ts";
export * from "./schemas/whatsapp.ts";
