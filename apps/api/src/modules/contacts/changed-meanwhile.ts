import { CRM_MESSAGES } from "@app/shared/constants";
import type { FastifyReply } from "fastify";
import type { VersionConflictError } from "../../kernel/version-conflict.ts";
import { errorBody } from "../../plugins/error-handler.ts";

/** The 409 of a pipeline change made on an old version: what is stored now comes with it. */
export function changedMeanwhile(reply: FastifyReply, error: VersionConflictError<unknown>) {
  return reply.code(409).send({ ...errorBody(409, CRM_MESSAGES.changedMeanwhile), current: error.current });
}
