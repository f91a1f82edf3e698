import { apiErrorSchema, siteImageUploadSchema } from "@app/shared";
import { mediaPath, SITE_IMAGE_LIMITS, SITE_IMAGE_MESSAGES, SITE_ROLES, waitText } from "@app/shared/constants";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import { insertImage } from "./image-repo.ts";
import { ImageRefusedError, processImage } from "./images.ts";
import { AbandonedError, OneAtATime, QueueFullError } from "./one-at-a-time.ts";
import { requestBudget } from "./request-budget.ts";

/**
 * Uploads that wait behind the one being processed on this instance. Each takes a second or two,
 * so a few waiting are answered well within HANDLER_TIMEOUT_MS; more are told to come back.
 */
const MAX_WAITING = 4;

/** Seconds until the line has usually moved on. */
const RETRY_AFTER_SECONDS = "5";

/** Come back later: the instance's pictures are busy (429), or the request gave up (503). */
const retryLater = (reply: FastifyReply, statusCode: 429 | 503, message: string) =>
  reply.code(statusCode).header("retry-after", RETRY_AFTER_SECONDS).send(errorBody(statusCode, message));

/**
 * `POST /api/site/images`: the picture itself as the body. What it is, the server reads from its
 * first bytes, whatever the stated type. Its own scope, so only this route takes raw bytes.
 * Pictures are the most expensive thing the API does (decoding, then AVIF and WebP copies): each
 * account has its own rate, and an instance makes one picture's copies at a time (docs/decisions/044).
 */
export const siteImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const processing = new OneAtATime(MAX_WAITING);
  const limit = rateLimit({
    name: "site-image",
    rules: app.config.siteImageRateLimit,
    store: app.rateLimitStore,
    // The guard ran first (its hook is the parent scope's): counted per account, not per address.
    keyOf: (request) => String(principalOf(request).user.id),
    message: (seconds) => SITE_IMAGE_MESSAGES.tooManyUploads(waitText(seconds)),
  });

  // Not JSON either: a file only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...SITE_IMAGE_LIMITS.uploadTypes],
    { parseAs: "buffer", bodyLimit: SITE_IMAGE_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );
  app.post(
    "/site/images",
    {
      config: { roles: SITE_ROLES },
      onRequest: limit,
      schema: {
        response: {
          201: siteImageUploadSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      // Fastify refuses a body too large or of another type before the handler runs: say it in
      // the editor's words.
      errorHandler: (error, request, reply) => {
        const { code } = error as { code?: string };
        if (code === "FST_ERR_CTP_BODY_TOO_LARGE") {
          return reply.code(413).send(errorBody(413, SITE_IMAGE_MESSAGES.tooBig));
        }
        if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
          return reply.code(415).send(errorBody(415, SITE_IMAGE_MESSAGES.unsupportedType));
        }
        return app.errorHandler(error, request, reply);
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        return reply.code(400).send(errorBody(400, SITE_IMAGE_MESSAGES.notAnImage));
      }
      // When HANDLER_TIMEOUT_MS answers for this request (or its client leaves), the work stops.
      const budget = requestBudget(reply, app.config.handlerTimeoutMs);
      try {
        const image = await processing.run(() => processImage(body, budget), budget.signal);
        if (budget.signal.aborted) throw new AbandonedError();
        const id = await insertImage(app.db, body, image, principalOf(request).user.id);
        const widest = Math.max(...image.variants.map((variant) => variant.width));
        return reply.code(201).send({
          id,
          width: image.width,
          height: image.height,
          src: mediaPath(id, widest, "webp"),
          widths: [...new Set(image.variants.map((variant) => variant.width))],
        });
      } catch (error) {
        if (error instanceof ImageRefusedError) {
          return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message));
        }
        if (error instanceof QueueFullError) return retryLater(reply, 429, SITE_IMAGE_MESSAGES.busy);
        // Fastify has answered 503 already (the handler's time is up), or nobody is listening.
        if (error instanceof AbandonedError) return reply.sent ? reply : retryLater(reply, 503, errorBody(503).message);
        throw error;
      } finally {
        budget.release();
      }
    },
  );
};
