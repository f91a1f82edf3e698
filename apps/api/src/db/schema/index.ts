// Every table, by owner: one file per module (or per layer below the modules) that writes it.
export * from "./accounts.ts";
export * from "./audit.ts";
export * from "./catalogue.ts";
export * from "./companies.ts";
export * from "./contacts.ts";
export * from "./db.ts";
export * from "./email.ts";
export * from "./inbound.ts";
export * from "./kernel.ts";
export * from "./reply-templates.ts";
export * from "./sales.ts";
export * from "./service-types.ts";
export * from "./site.ts";
export * from "./tasks.ts";
export * from "./whatsapp-clicks.ts";
