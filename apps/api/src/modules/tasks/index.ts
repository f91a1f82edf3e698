// The tasks' public face: what other modules and the composition root may use.
export { taskEmailRenderers } from "./email-renderers.ts";
export { anonymiseTasksOf } from "./repo.ts";
