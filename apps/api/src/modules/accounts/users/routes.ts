import {
  apiErrorSchema,
  createUserRequestSchema,
  setTemporaryPasswordRequestSchema,
  signatureInputSchema,
  signatureSchema,
  staffDirectorySchema,
  updateUserRequestSchema,
  userAccountListSchema,
  userAccountSchema,
} from "@app/shared";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../../plugins/error-handler.ts";
import { requireRecentProof } from "../auth/recent-proof.ts";
import { PasswordRejectedError } from "../auth/service.ts";
import { userHasSecondFactor } from "../second-factor/repo.ts";
import { findUserById, listActiveStaff, listUsers, toSignature, toUserAccount } from "./repo.ts";
import {
  AccountConflictError,
  changeOwnSignature,
  changeUser,
  createUser,
  endUserSessions,
  setTemporaryPassword,
} from "./service.ts";

const ADMINS = { roles: ["administrador" as const] };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof PasswordRejectedError) {
    return reply.code(400).send(fieldError("password", error.message));
  }
  if (error instanceof AccountConflictError) {
    const details = error.field ? [{ path: error.field, message: error.message }] : undefined;
    return reply.code(409).send({ ...errorBody(409, error.message), ...(details ? { details } : {}) });
  }
  throw error;
}

const notFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, "No existe ese usuario."));

/** The Usuarios screen's calls: administrators only; and who can be `Responsable`, for all staff. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = (request: Parameters<typeof principalOf>[0]) => {
    const { user } = principalOf(request);
    return { id: user.id, username: user.username };
  };

  app.get("/staff", { schema: { response: { 200: staffDirectorySchema } } }, async () => listActiveStaff(app.db));

  // Each person's own signature ("Mi firma"), whatever their role; administrators change anyone's
  // through PATCH /users/:id.
  app.get(
    "/users/me/signature",
    { schema: { response: { 200: signatureSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const row = await findUserById(app.db, principalOf(request).user.id);
      return row ? toSignature(row) : notFound(reply);
    },
  );

  app.put(
    "/users/me/signature",
    {
      schema: {
        body: signatureInputSchema,
        response: { 200: signatureSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const updated = await changeOwnSignature(app.db, actorOf(request), request.body, request.ip);
      return updated ? toSignature(updated) : notFound(reply);
    },
  );

  app.get("/users", { config: ADMINS, schema: { response: { 200: userAccountListSchema } } }, async () =>
    (await listUsers(app.db)).map(toUserAccount),
  );

  app.post(
    "/users",
    {
      config: ADMINS,
      preHandler: requireRecentProof,
      schema: { body: createUserRequestSchema, response: { 201: userAccountSchema, ...errors } },
    },
    async (request, reply) => {
      try {
        const created = await createUser(app.db, request.body, actorOf(request), { ip: request.ip });
        return reply.code(201).send(toUserAccount({ ...created, hasSecondFactor: false }));
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.patch(
    "/users/:id",
    {
      config: ADMINS,
      preHandler: requireRecentProof,
      schema: { params: idParams, body: updateUserRequestSchema, response: { 200: userAccountSchema, ...errors } },
    },
    async (request, reply) => {
      try {
        const updated = await changeUser(app.db, request.params.id, request.body, actorOf(request), request.ip);
        return updated
          ? toUserAccount({ ...updated, hasSecondFactor: await userHasSecondFactor(app.db, updated.id) })
          : notFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post(
    "/users/:id/end-sessions",
    {
      config: ADMINS,
      preHandler: requireRecentProof,
      schema: { params: idParams, response: { 200: z.object({ ended: z.number().int() }), ...errors } },
    },
    async (request, reply) => {
      const ended = await endUserSessions(app.db, request.params.id, actorOf(request), request.ip);
      return ended === undefined ? notFound(reply) : { ended };
    },
  );

  app.post(
    "/users/:id/password",
    {
      config: ADMINS,
      preHandler: requireRecentProof,
      schema: {
        params: idParams,
        body: setTemporaryPasswordRequestSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      try {
        const updated = await setTemporaryPassword(
          app.db,
          request.params.id,
          request.body.password,
          actorOf(request),
          request.ip,
        );
        return updated ? reply.code(204).send() : notFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
};
