import {
  accountSecuritySchema,
  accountSessionListSchema,
  addPasskeyRequestSchema,
  apiErrorSchema,
  authenticatorSetupSchema,
  confirmAuthenticatorRequestSchema,
  confirmPasswordRequestSchema,
  factorAddedSchema,
  passkeyOptionsSchema,
  recoveryCodesSchema,
  renamePasskeyRequestSchema,
  reverifyStepSchema,
  secondFactorAnswerSchema,
  secondFactorPolicySchema,
} from "@app/shared";
import { AUTH_MESSAGES, SECOND_FACTOR_MESSAGES, STAFF_ROLES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../../plugins/error-handler.ts";
import { recordAudit } from "../../audit/index.ts";
import { AccountThrottle } from "../auth/account-throttle.ts";
import type { AttemptDeps } from "../auth/attempts.ts";
import { requireRecentProof } from "../auth/recent-proof.ts";
import { tooManyTries } from "../auth/routes.ts";
import { confirmPassword, confirmSecondFactor, type ReverifyResult } from "../auth/service.ts";
import { endOwnSession, listOpenSessions, revokeUserSessions } from "../auth/sessions.ts";
import { findUserById } from "../users/repo.ts";
import { browserOf, networkOf } from "./device-labels.ts";
import { isSecondFactorRequired, setSecondFactorRequired } from "./repo.ts";
import {
  accountSecurity,
  addPasskey,
  changePasskeyName,
  confirmAuthenticator,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  removeAuthenticator,
  removePasskey,
  resetSecondFactors,
  reverifyPasskeyOptions,
  SecondFactorError,
  startAuthenticatorSetup,
} from "./service.ts";

// `Seguridad de la cuenta` (each person's own factors and sessions, reachable while they must still
// enrol one) and the administrators' policy and reset (decision 035).

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
/** One's own account's security: every role, content editors too. */
const OWN = { allowedBeforeSecondFactor: true, roles: STAFF_ROLES } as const;
const ADMINS = { roles: ["administrador" as const] };
// Both are base64url: anything else names nothing (and a NUL would not reach the database).
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);
const passkeyParams = z.object({ id: base64url(1024) });
const sessionParams = z.object({ id: base64url(200) });
const userParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const noContent = z.undefined();

export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.secondFactor;
  const { db } = app;
  /** The signed-in person's account row (the guard checked it is there and active). */
  const me = async (request: FastifyRequest) => {
    const row = await findUserById(db, principalOf(request).user.id);
    if (!row) throw new SecondFactorError(401, "Tu sesión no es válida o expiró. Inicia sesión nuevamente.");
    return row;
  };
  const context = (request: FastifyRequest) => ({ ip: request.ip });
  const refuse = (reply: FastifyReply, error: unknown) => {
    if (error instanceof SecondFactorError)
      return reply.code(error.status).send(errorBody(error.status, error.message));
    throw error;
  };
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");
  const auth: AttemptDeps = { db, throttle: new AccountThrottle(app.rateLimitStore, app.config.loginAccountLimit) };
  /** The answer to a re-verification: proven (204), the second factor next (200), or why not. */
  const reverified = (reply: FastifyReply, result: ReverifyResult | { kind: "wrong"; message: string }) => {
    switch (result.kind) {
      case "verified":
        return reply.code(204).send();
      case "second_factor":
        noStore(reply);
        return reply.code(200).send(result.step);
      case "throttled":
        return tooManyTries(reply, result.retryAfterSeconds);
      case "wrong":
        return "message" in result
          ? reply.code(400).send(fieldError("code", result.message))
          : reply.code(400).send(fieldError("password", AUTH_MESSAGES.currentPasswordWrong));
    }
  };

  app.post(
    "/account/confirm-password",
    {
      config: OWN,
      schema: {
        body: confirmPasswordRequestSchema,
        response: { 200: reverifyStepSchema, 204: noContent, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = principalOf(request);
      return reverified(
        reply,
        await confirmPassword(auth, user.id, sessionId, request.body.password, context(request)),
      );
    },
  );

  app.post(
    "/account/confirm-second-factor/passkey-options",
    { config: OWN, schema: { response: { 200: passkeyOptionsSchema, ...errors } } },
    async (request, reply) => {
      try {
        noStore(reply);
        return { options: { ...(await reverifyPasskeyOptions(deps, principalOf(request).sessionId)) } };
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post(
    "/account/confirm-second-factor",
    {
      config: OWN,
      schema: { body: secondFactorAnswerSchema, response: { 204: noContent, ...errors, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      const { user, sessionId } = principalOf(request);
      try {
        const result = await confirmSecondFactor(auth, deps, user.id, sessionId, request.body, context(request));
        if (result.kind === "wrong" && "locked" in result && result.locked)
          return reply.code(409).send(errorBody(409, SECOND_FACTOR_MESSAGES.reverifyExpired));
        return reverified(reply, result);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
  // A factor added or removed, a reset: the person is emailed (second-factor/service.ts).
  app.addHook("onResponse", async (request, reply) => {
    if (request.method !== "GET" && reply.statusCode < 400) app.outbox.kick();
  });

  app.get(
    "/account/security",
    { config: OWN, schema: { response: { 200: accountSecuritySchema } } },
    async (request, reply) => {
      noStore(reply);
      return accountSecurity(db, principalOf(request).user.id);
    },
  );

  app.post(
    "/account/passkeys/options",
    { config: OWN, preHandler: requireRecentProof, schema: { response: { 200: passkeyOptionsSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return { options: { ...(await passkeyRegistrationOptions(deps, await me(request))) } };
    },
  );

  app.post(
    "/account/passkeys",
    {
      config: OWN,
      preHandler: requireRecentProof,
      schema: { body: addPasskeyRequestSchema, response: { 201: factorAddedSchema, ...errors } },
    },
    async (request, reply) => {
      try {
        const added = await addPasskey(
          deps,
          await me(request),
          request.body.name,
          request.body.credential,
          context(request),
        );
        noStore(reply);
        return reply.code(201).send(added);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.patch(
    "/account/passkeys/:id",
    {
      config: OWN,
      schema: { params: passkeyParams, body: renamePasskeyRequestSchema, response: { 204: noContent, ...errors } },
    },
    async (request, reply) => {
      try {
        await changePasskeyName(db, await me(request), request.params.id, request.body.name);
        return reply.code(204).send();
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.delete(
    "/account/passkeys/:id",
    {
      config: OWN,
      preHandler: requireRecentProof,
      schema: { params: passkeyParams, response: { 204: noContent, ...errors } },
    },
    async (request, reply) => {
      try {
        await removePasskey(db, await me(request), request.params.id, context(request));
        return reply.code(204).send();
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post(
    "/account/authenticator",
    { config: OWN, preHandler: requireRecentProof, schema: { response: { 200: authenticatorSetupSchema, ...errors } } },
    async (request, reply) => {
      try {
        noStore(reply);
        return await startAuthenticatorSetup(deps, await me(request));
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post(
    "/account/authenticator/confirm",
    {
      config: OWN,
      preHandler: requireRecentProof,
      schema: { body: confirmAuthenticatorRequestSchema, response: { 200: factorAddedSchema, ...errors } },
    },
    async (request, reply) => {
      try {
        noStore(reply);
        return await confirmAuthenticator(deps, await me(request), request.body.code, context(request));
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.delete(
    "/account/authenticator",
    { config: OWN, preHandler: requireRecentProof, schema: { response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      try {
        await removeAuthenticator(db, await me(request), context(request));
        return reply.code(204).send();
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post(
    "/account/recovery-codes",
    { config: OWN, preHandler: requireRecentProof, schema: { response: { 200: recoveryCodesSchema, ...errors } } },
    async (request, reply) => {
      try {
        noStore(reply);
        return { codes: await regenerateRecoveryCodes(deps, await me(request), context(request)) };
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    "/account/sessions",
    { config: OWN, schema: { response: { 200: accountSessionListSchema } } },
    async (request, reply) => {
      noStore(reply);
      const { user, sessionId } = principalOf(request);
      return (await listOpenSessions(db, user.id)).map((session) => ({
        id: session.id,
        current: session.id === sessionId,
        browser: browserOf(session.userAgent ?? undefined),
        network: networkOf(session.ip ?? undefined),
        ip: session.ip?.replace(/^::ffff:/, "") ?? null,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        remember: session.remember,
      }));
    },
  );

  app.delete(
    "/account/sessions/:id",
    // Ending sessions is itself proven first (ASVS 7.5.2): a stolen token cannot sign the owner out.
    {
      config: OWN,
      preHandler: requireRecentProof,
      schema: { params: sessionParams, response: { 204: noContent, ...errors } },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      if (!(await endOwnSession(db, user.id, request.params.id)))
        return reply.code(404).send(errorBody(404, "Esa sesión ya no está abierta."));
      await recordAudit(db, { action: "session_ended", actor: user, ip: request.ip, details: { sessions: 1 } });
      return reply.code(204).send();
    },
  );

  app.post(
    "/account/sessions/end-others",
    {
      config: OWN,
      preHandler: requireRecentProof,
      schema: { response: { 200: z.object({ ended: z.number().int() }), 403: apiErrorSchema } },
    },
    async (request) => {
      const { user, sessionId } = principalOf(request);
      const ended = await revokeUserSessions(db, user.id, "ended_by_user", sessionId);
      await recordAudit(db, { action: "session_ended", actor: user, ip: request.ip, details: { sessions: ended } });
      return { ended };
    },
  );

  // --- administrators

  app.get(
    "/users/second-factor-policy",
    { config: ADMINS, schema: { response: { 200: secondFactorPolicySchema } } },
    async () => ({ required: await isSecondFactorRequired(db) }),
  );

  app.put(
    "/users/second-factor-policy",
    {
      config: ADMINS,
      preHandler: requireRecentProof,
      schema: { body: secondFactorPolicySchema, response: { 200: secondFactorPolicySchema } },
    },
    async (request) => {
      const { user } = principalOf(request);
      await setSecondFactorRequired(db, request.body.required, user.id);
      await recordAudit(db, {
        action: "second_factor_policy_changed",
        actor: user,
        ip: request.ip,
        details: { required: request.body.required },
      });
      return { required: request.body.required };
    },
  );

  app.post(
    "/users/:id/reset-second-factor",
    {
      config: ADMINS,
      preHandler: requireRecentProof,
      schema: { params: userParams, response: { 204: noContent, ...errors } },
    },
    async (request, reply) => {
      const target = await findUserById(db, request.params.id);
      if (!target) return reply.code(404).send(errorBody(404, "No existe ese usuario."));
      const admin = await me(request);
      await resetSecondFactors(db, target, admin, context(request));
      return reply.code(204).send();
    },
  );
};
