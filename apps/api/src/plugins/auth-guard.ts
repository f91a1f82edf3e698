import type { StaffUser } from "@app/shared";
import { CRM_ROLES, SECOND_FACTOR_MESSAGES, type StaffRole } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { verifyAccessToken } from "../modules/accounts/auth/jwt.ts";
import { loadPrincipal } from "../modules/accounts/auth/sessions.ts";
import { toStaffUser } from "../modules/accounts/users/repo.ts";
import { errorBody } from "./error-handler.ts";

/** Who made a request, once the guard let it through. */
export type Principal = { user: StaffUser; sessionId: string };

/** What a route says about who may call it (route option `config`). */
export type AccessConfig = {
  /** Anyone, signed in or not. Every other route needs a staff token: deny is the default. */
  public?: boolean;
  /**
   * Only these roles (403 for the others). Unsaid, the CRM's roles: a content editor reaches only the
   * routes that name its role (the site's, its own account's).
   */
  roles?: readonly StaffRole[];
  /** Reachable while the account must replace a temporary password. */
  allowedBeforePasswordChange?: boolean;
  /** Reachable while the account must enrol a second factor (the policy requires one, it has none). */
  allowedBeforeSecondFactor?: boolean;
};

const unauthorized = (reply: FastifyReply, message = "Tu sesión no es válida o expiró. Inicia sesión nuevamente.") =>
  reply.code(401).header("www-authenticate", 'Bearer realm="crm"').send(errorBody(401, message));

/**
 * Default-deny access control for the routes registered after it in its scope (decision 014).
 * Checks the token's signature and claims, then the account and session in the database, so a
 * disabled account or an ended session is refused at once.
 */
export const authGuard = fp<{ secret: Buffer }>(async (app, { secret }) => {
  app.decorateRequest("principal", undefined);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const access = (request.routeOptions.config ?? {}) as AccessConfig;
    // An unknown path gets its 404 from the not-found handler: no route there to protect.
    if (access.public || request.is404) return;

    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    if (!token) return unauthorized(reply, "Inicia sesión para continuar.");
    const claims = await verifyAccessToken(token, secret);
    if (!claims) return unauthorized(reply);

    const row = await loadPrincipal(app.db, Number(claims.sub), claims.sid);
    const validAfter = row ? Math.floor(row.tokensValidAfter.getTime() / 1000) : 0;
    if (!row?.active || row.sessionId === null || claims.iat < validAfter) return unauthorized(reply);

    const user = toStaffUser(row, row.mustAddSecondFactor);
    request.principal = { user, sessionId: claims.sid };
    if (user.mustChangePassword && !access.allowedBeforePasswordChange) {
      return reply.code(403).send({
        ...errorBody(403, "Debes cambiar tu contraseña temporal antes de continuar."),
        error: "Password Change Required",
      });
    }
    if (user.mustAddSecondFactor && !access.allowedBeforeSecondFactor) {
      return reply
        .code(403)
        .send({ ...errorBody(403, SECOND_FACTOR_MESSAGES.enrolRequired), error: "Second Factor Required" });
    }
    if (!(access.roles ?? CRM_ROLES).includes(user.role)) {
      return reply.code(403).send(errorBody(403, "Tu cuenta no tiene permisos para esta sección."));
    }
  });
});

/** The signed-in staff member of a guarded route (the guard ran, so it is there). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("principalOf() called on a route the guard did not protect");
  return request.principal;
}

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
  interface FastifyContextConfig extends AccessConfig {}
}
