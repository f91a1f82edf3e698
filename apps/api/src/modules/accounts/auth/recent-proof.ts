import { SECOND_FACTOR_LIMITS, SECOND_FACTOR_MESSAGES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import { principalOf } from "../../../plugins/auth-guard.ts";
import { errorBody } from "../../../plugins/error-handler.ts";
import { isRecentlyVerified } from "./sessions.ts";

/**
 * A route's preHandler for changes a stolen access token must not make alone: how an account is
 * protected (factors, the policy), accounts, roles, emails, passwords and who gets new leads
 * (decisions 035 and 039). The session must have proved who is at the keyboard within
 * SECOND_FACTOR_LIMITS.verifiedSeconds (its sign-in, or the password and second factor typed
 * again); otherwise 403 `Reauthentication Required`, and the CRM asks and carries on.
 */
export async function requireRecentProof(request: FastifyRequest, reply: FastifyReply) {
  const { sessionId } = principalOf(request);
  if (await isRecentlyVerified(request.server.db, sessionId, SECOND_FACTOR_LIMITS.verifiedSeconds)) return;
  return reply
    .code(403)
    .header("cache-control", "no-store")
    .send({ ...errorBody(403, SECOND_FACTOR_MESSAGES.reauthenticate), error: "Reauthentication Required" });
}
