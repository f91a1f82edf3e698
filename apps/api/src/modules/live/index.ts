// Live updates' public face: what other modules may use (the routes are registered by app.ts).
export { publishLive, watchChanges } from "./live-event.ts";
