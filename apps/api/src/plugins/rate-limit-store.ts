import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { MemoryRateLimitStore, type RateLimitStore } from "./rate-limit.ts";
import { RedisRateLimitStore } from "./redis-rate-limit-store.ts";

/**
 * Where rate-limit counters live: this process's memory (one instance), or Redis with REDIS_URL so
 * several instances share them (docs/operations.md). Decorates `app.rateLimitStore` and, with Redis,
 * `app.redis` for the readiness check.
 */
export const rateLimitStore = fp(async (app) => {
  const { redisUrl } = app.config;
  if (!redisUrl) {
    app.decorate("rateLimitStore", new MemoryRateLimitStore() as RateLimitStore);
    app.decorate("redis", undefined);
    return;
  }
  const redis = new Redis(redisUrl, {
    // A request never waits for Redis to come back: fail fast, count in memory meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Connection errors are reported by the store and the readiness check, not as crashes.
  redis.on("error", () => {});
  app.decorate("rateLimitStore", new RedisRateLimitStore(redis, app.log.child({ component: "rate-limit" })));
  app.decorate("redis", redis);
  app.addHook("onClose", async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
});

declare module "fastify" {
  interface FastifyInstance {
    rateLimitStore: RateLimitStore;
    redis: Redis | undefined;
  }
}
