import type { FastifyReply } from "fastify";
import type { ProcessingBudget } from "./images.ts";

/**
 * How long a request's work may go on, and a signal for when nobody waits for it any more: its
 * time (HANDLER_TIMEOUT_MS, counted like Fastify counts it, from when the request arrived) is up,
 * or the client hung up before its answer. Fastify's own `request.signal` cannot say: on Node 20 it
 * aborts as soon as a request's body has been read (the request stream closes then).
 */
export function requestBudget(reply: FastifyReply, timeoutMs: number): ProcessingBudget & { release: () => void } {
  const controller = new AbortController();
  const deadline = Date.now() + timeoutMs - reply.elapsedTime;
  const timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
  const hungUp = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.once("close", hungUp);
  return {
    signal: controller.signal,
    deadline,
    release: () => {
      clearTimeout(timer);
      reply.raw.off("close", hungUp);
    },
  };
}
