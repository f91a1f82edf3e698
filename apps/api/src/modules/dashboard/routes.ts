import { dashboardSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { watchChanges } from "../live/index.ts";
import { countedFigures, liveFigures, seenBy } from "./repo.ts";
import { Snapshot } from "./snapshot.ts";

/** Changes nobody announces (a deletion, the retention job) show within this. */
const MAX_AGE_MS = 60_000;

/** `GET /api/dashboard`: staff of both roles; "my" open tasks are the signed-in staff member's. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const counted = new Snapshot(() => countedFigures(app.db), { maxAgeMs: MAX_AGE_MS });
  const unwatch = watchChanges(app.db, () => counted.changed());
  app.addHook("onClose", async () => {
    unwatch();
    await counted.close();
  });

  app.get("/dashboard", { schema: { response: { 200: dashboardSchema } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const [figures, live] = [await counted.get(), await liveFigures(app.db)];
    return seenBy(figures, live, principalOf(request).user.id);
  });
};
