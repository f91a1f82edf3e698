import {
  apiErrorSchema,
  COMPANY_MESSAGES,
  companyChangeSchema,
  companyDetailSchema,
  companyLinkResultSchema,
  companyListQuerySchema,
  companyMergeResultSchema,
  companyMergeSchema,
  companyPageSchema,
  companyPersonLinkSchema,
  companyPersonParamsSchema,
  companyRefSchema,
  companySchema,
  companySuggestionsQuerySchema,
  companySuggestionsSchema,
  idParamsSchema,
  newCompanySchema,
} from "@app/shared";
import { CRM_MESSAGES, CRM_ROLES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../plugins/error-handler.ts";
import { companyDetail } from "./detail.ts";
import {
  CompanyHasPeopleError,
  companySuggestions,
  linkPerson,
  MergeItselfError,
  mergeCompanies,
  removeCompany,
  unlinkPerson,
} from "./people.ts";
import { listCompanies, toCompany } from "./repo.ts";
import { type Actor, CompanyChangedError, changeCompany, createCompany, RucTakenError } from "./service.ts";

// The sales staff's roles, said out loud: a content editor gets 403 here as on every CRM route.
const STAFF = { roles: CRM_ROLES };

/** A 409 names what is in the way: the company holding the RUC, or the company as it is now. */
const conflictSchema = apiErrorSchema.extend({
  company: companyRefSchema.optional().describe("The company that has the RUC"),
  current: companySchema.optional().describe("The company as stored, after a change made meanwhile"),
});
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: conflictSchema };

const companyNotFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, COMPANY_MESSAGES.notFound));
const contactNotFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, CRM_MESSAGES.clientNotFound));

/** The refusals of the service as their answers; anything else is the error handler's. */
function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof RucTakenError) {
    return reply.code(409).send({
      ...errorBody(409, error.message),
      details: [{ path: "ruc", message: error.message }],
      ...(error.holder ? { company: error.holder } : {}),
    });
  }
  if (error instanceof CompanyChangedError) {
    return reply.code(409).send({ ...errorBody(409, error.message), current: toCompany(error.current) });
  }
  if (error instanceof CompanyHasPeopleError) {
    return reply.code(409).send(errorBody(409, error.message));
  }
  if (error instanceof MergeItselfError) return reply.code(400).send(fieldError("fromId", error.message));
  throw error;
}

/**
 * Companies (`Empresas`, issue 33): the list and search, each company's page, its changes, its
 * people (link, unlink, suggestions for a contact's typed company) and merges. Staff of both roles.
 */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => {
    const { user } = principalOf(request);
    return { id: user.id, username: user.username, ip: request.ip };
  };

  app.get(
    "/companies",
    {
      config: STAFF,
      schema: { querystring: companyListQuerySchema, response: { 200: companyPageSchema, 400: apiErrorSchema } },
    },
    async (request) => {
      const { q, page, size } = request.query;
      const { rows, total } = await listCompanies(db, q, page, size);
      const totalPages = Math.ceil(total / size);
      return {
        content: rows,
        pageNumber: page,
        totalElements: total,
        totalPages,
        isFirstPage: page === 0,
        isLastPage: page >= totalPages - 1,
      };
    },
  );

  app.get(
    "/companies/suggestions",
    {
      config: STAFF,
      schema: { querystring: companySuggestionsQuerySchema, response: { 200: companySuggestionsSchema, ...errors } },
    },
    async (request, reply) => (await companySuggestions(db, request.query.clientId)) ?? contactNotFound(reply),
  );

  app.post(
    "/companies",
    { config: STAFF, schema: { body: newCompanySchema, response: { 201: companySchema, ...errors } } },
    async (request, reply) => {
      try {
        return reply.code(201).send(await createCompany(db, request.body, actorOf(request)));
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    "/companies/:id",
    { config: STAFF, schema: { params: idParamsSchema, response: { 200: companyDetailSchema, ...errors } } },
    async (request, reply) => (await companyDetail(db, request.params.id)) ?? companyNotFound(reply),
  );

  app.patch(
    "/companies/:id",
    {
      config: STAFF,
      schema: { params: idParamsSchema, body: companyChangeSchema, response: { 200: companySchema, ...errors } },
    },
    async (request, reply) => {
      try {
        return (await changeCompany(db, request.params.id, request.body, actorOf(request))) ?? companyNotFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.delete(
    "/companies/:id",
    { config: STAFF, schema: { params: idParamsSchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) => {
      try {
        return (await removeCompany(db, request.params.id, actorOf(request)))
          ? reply.code(204).send()
          : companyNotFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post(
    "/companies/:id/people",
    {
      config: STAFF,
      schema: {
        params: idParamsSchema,
        body: companyPersonLinkSchema,
        response: { 200: companyLinkResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const linked = await linkPerson(db, request.params.id, request.body.clientId, actorOf(request));
      if (linked === "no_company") return companyNotFound(reply);
      if (linked === "no_contact") return contactNotFound(reply);
      return linked;
    },
  );

  app.delete(
    "/companies/:id/people/:clientId",
    { config: STAFF, schema: { params: companyPersonParamsSchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) => {
      const { id, clientId } = request.params;
      return (await unlinkPerson(db, id, clientId, actorOf(request)))
        ? reply.code(204).send()
        : reply.code(404).send(errorBody(404, "Ese contacto no es parte de esta empresa."));
    },
  );

  app.post(
    "/companies/:id/merge",
    {
      config: STAFF,
      schema: {
        params: idParamsSchema,
        body: companyMergeSchema,
        response: { 200: companyMergeResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const merged = await mergeCompanies(db, request.params.id, request.body.fromId, actorOf(request));
        return merged ?? companyNotFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
};
