import { MEDIA_FILE } from "@app/shared/constants";
import type { FastifyPluginAsync } from "fastify";
import { sendNotFound } from "../../plugins/error-handler.ts";
import { findVariant } from "./image-repo.ts";

/**
 * `/media/<id>-<width>.<avif|webp>`: the copies of the site's uploaded pictures, public like the
 * site's own images. A copy never changes (a new picture is a new id): cached for a year.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  // Files of the site, not a call of the API: left out of its documentation.
  app.get<{ Params: { file: string } }>("/media/:file", { schema: { hide: true } }, async (request, reply) => {
    const match = MEDIA_FILE.exec(request.params.file);
    const [, id, width, format] = match ?? [];
    if (!id || !width || (format !== "avif" && format !== "webp") || Number(id) > 2_147_483_647) {
      return sendNotFound(request, reply);
    }
    const content = await findVariant(app.db, Number(id), Number(width), format);
    if (!content) return sendNotFound(request, reply);
    return reply
      .header("content-type", `image/${format}`)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(content);
  });
};
