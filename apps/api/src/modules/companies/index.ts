// The companies' public face: what other modules and the composition root may use.
export { companyDetail } from "./detail.ts";
export { findCompanyRef } from "./repo.ts";
export { companyRoutes } from "./routes.ts";
