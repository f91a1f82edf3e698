// The service types' public face: what other modules may use.
export type { ServiceTypeCatalog } from "./catalog.ts";
export { offerServiceType, reofferServiceType, retireServiceType } from "./repo.ts";
