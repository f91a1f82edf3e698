import {
  apiErrorSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  passkeyOptionsSchema,
  passkeySignInOptionsSchema,
  passkeySignInRequestSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  secondFactorRequestSchema,
  sessionResponseSchema,
  staffUserSchema,
  stepPasskeyOptionsRequestSchema,
} from "@app/shared";
import { AUTH_MESSAGES, CSRF_HEADER, SECOND_FACTOR_MESSAGES, STAFF_ROLES, waitText } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../../plugins/error-handler.ts";
import { rateLimit } from "../../../plugins/rate-limit.ts";
import { passkeySignInOptions, SecondFactorError, stepPasskeyOptions } from "../second-factor/service.ts";
import { AccountThrottle } from "./account-throttle.ts";
import { clearRefreshCookie, deviceOf, refreshCookieOf, setDeviceCookie, setRefreshCookie } from "./cookies.ts";
import { requestPasswordReset, resetPassword } from "./password-reset.ts";
import {
  type AuthDeps,
  changePassword,
  type IssuedSession,
  type LoginResult,
  login,
  logout,
  PasswordRejectedError,
  passkeyLogin,
  refresh,
  type SecondFactorResult,
  secondFactorLogin,
} from "./service.ts";

/**
 * A session's answer. The refresh token is in the body for API clients only: a browser keeps it in
 * the HttpOnly cookie, and a copy in the body would let any script on the page read it (the CRM
 * says it is a browser with the CSRF header; a refresh through the cookie is one by definition).
 */
const sessionBody = (session: IssuedSession, browser: boolean) => ({
  accessToken: session.accessToken,
  username: session.user.username,
  type: "Bearer" as const,
  expiresIn: session.expiresIn,
  ...(browser ? {} : { refreshToken: session.refresh.refreshToken }),
  user: session.user,
});

/** The CRM's own calls carry the CSRF header; API clients do not. */
const fromBrowser = (request: FastifyRequest) => request.headers[CSRF_HEADER] === "1";

const noContent = z.undefined();
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
const stepErrors = { ...errors, 404: apiErrorSchema, 409: apiErrorSchema };

const tooMany = (what: string) => (seconds: number) =>
  `Demasiados intentos de ${what}. Intenta nuevamente en ${waitText(seconds)}.`;

/** 429 for an account's password or codes tried too often (decision 039). */
export const tooManyTries = (reply: FastifyReply, seconds: number) =>
  reply
    .code(429)
    .header("retry-after", String(seconds))
    .send(errorBody(429, `Demasiados intentos fallidos para esta cuenta. Intenta nuevamente en ${waitText(seconds)}.`));

/** Sign-in, session and password calls (decision 014). */
export const authRoutes: FastifyPluginAsyncZod<{ secret: Buffer }> = async (app, { secret }) => {
  const { config, db } = app;
  const throttle = new AccountThrottle(app.rateLimitStore, config.loginAccountLimit);
  const deps: AuthDeps = { db, secret, throttle };
  const store = app.rateLimitStore;
  const loginLimit = rateLimit({
    name: "login",
    rules: config.loginRateLimit,
    store,
    message: tooMany("inicio de sesión"),
  });
  const refreshLimit = rateLimit({ name: "refresh", rules: config.refreshRateLimit, store });
  const resetLimit = rateLimit({
    name: "password-reset",
    rules: config.passwordResetRateLimit,
    store,
    message: tooMany("recuperación de contraseña"),
  });
  const resetAccountLimit = { store, rules: config.passwordResetAccountLimit };
  const afterwards = new Set<Promise<void>>();
  const afterAnswer = (work: () => Promise<void>) => {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .finally(() => afterwards.delete(done));
    afterwards.add(done);
  };
  app.addHook("onClose", async () => {
    await Promise.all(afterwards);
  });
  const context = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] });
  /** A sign-in's context: with the browser's device, to tell a new one. */
  const signInContext = (request: FastifyRequest) => ({ ...context(request), deviceHash: deviceOf(request).hash });
  const factor = app.secondFactor;

  /** Answers a sign-in's outcome: the session (cookie and body), or why not. */
  const answer = (request: FastifyRequest, reply: FastifyReply, result: LoginResult | SecondFactorResult) => {
    switch (result.kind) {
      case "ok": {
        setRefreshCookie(reply, result.session, config.cookieSecure);
        const { newId } = deviceOf(request);
        if (newId) setDeviceCookie(reply, newId, config.cookieSecure);
        reply.header("cache-control", "no-store");
        // A sign-in from a new device, or with a recovery code, is emailed to the person.
        app.outbox.kick();
        return sessionBody(result.session, fromBrowser(request));
      }
      case "second_factor":
        reply.header("cache-control", "no-store");
        return result.step;
      case "invalid":
        return reply.code(401).send(errorBody(401, AUTH_MESSAGES.invalidCredentials));
      case "wrong":
        return reply
          .code(401)
          .send(result.locked ? errorBody(401, SECOND_FACTOR_MESSAGES.stepExpired) : errorBody(401, result.message));
      case "disabled":
        return reply.code(403).send(errorBody(403, AUTH_MESSAGES.forbidden));
      case "throttled":
        request.log.warn({ retryAfter: result.retryAfterSeconds }, "account sign-in throttled");
        return tooManyTries(reply, result.retryAfterSeconds);
    }
  };
  /** A refused second step (expired, locked, a bad passkey answer) as its 4xx. */
  const refusal = (reply: FastifyReply, error: unknown) => {
    if (error instanceof SecondFactorError)
      return reply.code(error.status).send(errorBody(error.status, error.message));
    throw error;
  };

  /**
   * The refresh token of a call: the body's (API clients) or the cookie's. The cookie only counts
   * with the CSRF header, which a cross-site page cannot send.
   */
  const presentedRefresh = (
    request: FastifyRequest,
    body: { refreshToken?: string | undefined } | null | undefined,
  ) => {
    if (body?.refreshToken) return { token: body.refreshToken, fromCookie: false };
    const cookie = refreshCookieOf(request);
    if (cookie && request.headers[CSRF_HEADER] === "1") return { token: cookie, fromCookie: true };
    return undefined;
  };

  const rejectPassword = (reply: FastifyReply, message: string, path: string) =>
    reply.code(400).send(fieldError(path, message));

  app.post(
    "/auth/login",
    {
      config: { public: true },
      onRequest: loginLimit,
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } },
    },
    async (request, reply) => answer(request, reply, await login(deps, request.body, signInContext(request))),
  );

  app.post(
    "/auth/second-factor/passkey-options",
    {
      config: { public: true },
      onRequest: loginLimit,
      schema: { body: stepPasskeyOptionsRequestSchema, response: { 200: passkeyOptionsSchema, ...stepErrors } },
    },
    async (request, reply) => {
      try {
        reply.header("cache-control", "no-store");
        return { options: { ...(await stepPasskeyOptions(factor, request.body.stepToken)) } };
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.post(
    "/auth/second-factor",
    {
      config: { public: true },
      onRequest: loginLimit,
      schema: { body: secondFactorRequestSchema, response: { 200: loginResponseSchema, ...stepErrors } },
    },
    async (request, reply) => {
      try {
        return answer(request, reply, await secondFactorLogin(deps, factor, request.body, signInContext(request)));
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.post(
    "/auth/passkey/options",
    {
      config: { public: true },
      onRequest: loginLimit,
      schema: { response: { 200: passkeySignInOptionsSchema, ...errors } },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const { challengeId, options } = await passkeySignInOptions(factor);
      return { challengeId, options: { ...options } };
    },
  );

  app.post(
    "/auth/passkey",
    {
      config: { public: true },
      onRequest: loginLimit,
      schema: { body: passkeySignInRequestSchema, response: { 200: loginResponseSchema, ...stepErrors } },
    },
    async (request, reply) => {
      const result = await passkeyLogin(deps, factor, request.body, signInContext(request));
      if (result.kind === "invalid") return reply.code(401).send(errorBody(401, SECOND_FACTOR_MESSAGES.passkeyFailed));
      return answer(request, reply, result);
    },
  );

  app.post(
    "/auth/refresh-token",
    {
      config: { public: true },
      onRequest: refreshLimit,
      schema: { body: refreshRequestSchema, response: { 200: sessionResponseSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const presented = presentedRefresh(request, request.body);
      if (!presented) return reply.code(401).send(errorBody(401, AUTH_MESSAGES.sessionExpired));
      const result = await refresh(deps, presented.token, request.ip);
      if (result.kind === "raced") {
        // Another tab of the same browser refreshed a moment ago; its new cookie is already set.
        return reply
          .code(401)
          .send({ ...errorBody(401, AUTH_MESSAGES.sessionExpired), error: "Refresh Token Rotated" });
      }
      if (result.kind === "invalid") {
        if (presented.fromCookie) clearRefreshCookie(reply, config.cookieSecure);
        return reply.code(401).send(errorBody(401, AUTH_MESSAGES.sessionExpired));
      }
      if (presented.fromCookie) setRefreshCookie(reply, result.session, config.cookieSecure);
      return sessionBody(result.session, presented.fromCookie);
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { public: true },
      onRequest: refreshLimit,
      schema: { body: refreshRequestSchema, response: { 204: noContent, 400: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      const presented = presentedRefresh(request, request.body);
      await logout(db, { refreshToken: presented?.token }, request.ip);
      if (refreshCookieOf(request)) clearRefreshCookie(reply, config.cookieSecure);
      return reply.code(204).send();
    },
  );

  app.get(
    "/auth/me",
    {
      config: { allowedBeforePasswordChange: true, allowedBeforeSecondFactor: true, roles: STAFF_ROLES },
      schema: { response: { 200: staffUserSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return principalOf(request).user;
    },
  );

  app.post(
    "/auth/password",
    {
      config: { allowedBeforePasswordChange: true, allowedBeforeSecondFactor: true, roles: STAFF_ROLES },
      schema: { body: changePasswordRequestSchema, response: { 200: sessionResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { user, sessionId } = principalOf(request);
      try {
        const result = await changePassword(deps, user.id, sessionId, request.body, context(request));
        if ("kind" in result) {
          if (result.kind === "throttled") return tooManyTries(reply, result.retryAfterSeconds);
          return rejectPassword(reply, AUTH_MESSAGES.currentPasswordWrong, "currentPassword");
        }
        setRefreshCookie(reply, result, config.cookieSecure);
        reply.header("cache-control", "no-store");
        return sessionBody(result, fromBrowser(request));
      } catch (error) {
        if (error instanceof PasswordRejectedError) return rejectPassword(reply, error.message, "newPassword");
        throw error;
      }
    },
  );

  app.post(
    "/auth/forgot-password",
    {
      config: { public: true },
      onRequest: resetLimit,
      schema: { body: forgotPasswordRequestSchema, response: { 202: messageResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { email } = request.body;
      const { ip, log } = request;
      // Answered before anything is looked up, so the time it takes says nothing about the address;
      // the work follows, and a closing server waits for it.
      afterAnswer(async () => {
        try {
          if (await requestPasswordReset(db, resetAccountLimit, email, ip)) app.outbox.kick();
        } catch (error) {
          log.error({ err: error }, "password reset request failed");
        }
      });
      return reply.code(202).send({ message: AUTH_MESSAGES.resetRequested });
    },
  );

  app.post(
    "/auth/reset-password",
    {
      config: { public: true },
      onRequest: resetLimit,
      schema: { body: resetPasswordRequestSchema, response: { 204: noContent, ...errors } },
    },
    async (request, reply) => {
      try {
        const done = await resetPassword(db, request.body.token, request.body.newPassword, request.ip);
        if (!done) return reply.code(400).send(errorBody(400, AUTH_MESSAGES.resetLinkInvalid));
        return reply.code(204).send();
      } catch (error) {
        if (error instanceof PasswordRejectedError) return rejectPassword(reply, error.message, "newPassword");
        throw error;
      }
    },
  );
};
