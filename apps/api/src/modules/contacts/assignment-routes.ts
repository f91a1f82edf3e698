import { apiErrorSchema, leadAssignmentInputSchema, leadAssignmentSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../plugins/error-handler.ts";
import { requireRecentProof } from "../accounts/index.ts";
import { AssignmentTableError, changeLeadAssignment, findLeadAssignment } from "./assignment.ts";

const ADMINS = { roles: ["administrador" as const] };
const CHANGED_MEANWHILE =
  "Otra persona cambió la regla mientras la editabas. Revisa la regla actual y vuelve a guardar.";
const TABLE_ERRORS = {
  serviceTypeId: "Hay productos o servicios que no existen",
  userId: "Elige personal activo con correo: así sabrá que le llegó un contacto",
} as const;

/**
 * The rule for new leads' owner (`GET /api/lead-assignment` for all staff, who see how leads reach
 * them; `PUT` for administrators only).
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/lead-assignment", { schema: { response: { 200: leadAssignmentSchema } } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return findLeadAssignment(app.db);
  });

  app.put(
    "/lead-assignment",
    {
      config: ADMINS,
      preHandler: requireRecentProof,
      schema: {
        body: leadAssignmentInputSchema,
        response: {
          200: leadAssignmentSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema.extend({ current: leadAssignmentSchema }),
        },
      },
    },
    async (request, reply) => {
      try {
        return await changeLeadAssignment(app.db, request.body, { staff: principalOf(request).user, ip: request.ip });
      } catch (error) {
        if (error instanceof AssignmentTableError) {
          return reply.code(400).send(fieldError(`productOwners.${error.field}`, TABLE_ERRORS[error.field]));
        }
        if (error instanceof VersionConflictError) {
          return reply.code(409).send({ ...errorBody(409, CHANGED_MEANWHILE), current: error.current });
        }
        throw error;
      }
    },
  );
};
