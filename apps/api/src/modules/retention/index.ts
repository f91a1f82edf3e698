// Retention's public face: the composition root starts its job and serves its route.

export { RetentionJob } from "./retention-job.ts";
export { anonymiseRoutes } from "./routes.ts";
