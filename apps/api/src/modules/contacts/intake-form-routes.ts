import { createHash } from "node:crypto";
import { contactFormSchema, contactRequestSchema, toContactRequest } from "@app/shared";
import {
  CONTACT_FIELD_ORDER,
  CONTACT_FORM_ACTION,
  CONTACT_FORM_TOKEN_FIELD,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_NOTICES,
  CONTACT_THANKS_PATH,
  type ContactField,
  serviceTypeBySlug,
} from "@app/shared/constants";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { rateLimit } from "../../plugins/rate-limit.ts";
import { inlineScriptHashes, pageCsp } from "../../plugins/static-files.ts";
import type { SitePages } from "../site-pages/index.ts";
import { submitContactRequest, UnknownServicesError } from "./intake.ts";
import { contactFormPage, type FormAnswer, type FormFields, OTHER_COUNTRY_CODE } from "./intake-form-page.ts";
import { findRequestHashByIdempotencyKey } from "./intake-repo.ts";
import { contactRateLimit, intakeDeps } from "./intake-routes.ts";

// The contact form without JavaScript (decision 036): the rendered form posts here as
// `application/x-www-form-urlencoded`. The same zod schema as the browser's, then the same intake
// as `POST /api/client` (deduplication, review queue, emails, rate limit). The answer is a page:
// a 303 to the thanks page, or the contact page again with every error beside its field and
// everything typed kept.

export type IntakeFormOptions = { pages: SitePages };

/** A form sent twice within this window (a reload, a double tap) is stored once. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;

const text = (form: URLSearchParams, name: string) => (form.get(name) ?? "").slice(0, 10_000);

function fieldsOf(form: URLSearchParams): FormFields {
  return {
    firstName: text(form, "firstName"),
    lastName: text(form, "lastName"),
    email: text(form, "email"),
    company: text(form, "company"),
    countryCode: text(form, "countryCode"),
    countryCodeCustom: text(form, "countryCodeCustom"),
    phone: text(form, "phone"),
    message: text(form, "message"),
    services: form.getAll("services").slice(0, CONTACT_LIMITS.services * 2),
    consent: form.has("consent"),
  };
}

/** The first problem of each field, as the form's schema words it. */
function errorsOf(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as ContactField;
    if (CONTACT_FIELD_ORDER.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

const validationNotice = (errors: Partial<Record<ContactField, string>>) => ({
  title: `${CONTACT_NOTICES.validationTitle}. ${CONTACT_NOTICES.validationIntro}`,
  lines: CONTACT_FIELD_ORDER.flatMap((field) => errors[field] ?? []),
});

const failureNotice = (sentence: string) => ({
  title: CONTACT_NOTICES.failureTitle,
  lines: [sentence, CONTACT_NOTICES.keptText],
});

/** The same sender and the same words within the window give the same key (and one stored lead). */
function duplicateKey(ip: string, body: unknown, window: number) {
  const digest = createHash("sha256")
    .update(JSON.stringify([ip, body, window]))
    .digest("base64url");
  return `form-${digest}`;
}

/** The path of the page the form was sent from, if the browser said (`Referer`). */
function sentFrom(request: FastifyRequest) {
  try {
    const referer = request.headers.referer;
    return referer ? new URL(referer).pathname.slice(0, CONTACT_LIMITS.sourceText) : undefined;
  } catch {
    return undefined;
  }
}

/** The form token a sent form carried, if any (decision 046). */
const formTokenOf = (form: URLSearchParams) => form.get(CONTACT_FORM_TOKEN_FIELD)?.slice(0, 200) || undefined;

export const intakeFormRoutes = fp<IntakeFormOptions>(async (app: FastifyInstance, { pages }) => {
  const tokens = app.contactFormTokens;
  /**
   * The token a page sent back keeps: the one the form came with while it is ours and under a day
   * old (the time spent correcting counts as filling), else one of now.
   */
  const tokenFor = (form: URLSearchParams | undefined) => {
    const sent = form ? formTokenOf(form) : undefined;
    const issued = sent === undefined ? undefined : tokens.issuedAt(sent);
    const kept = issued !== undefined && Date.now() - issued <= CONTACT_LIMITS.formTokenMaxAgeMs;
    return kept && sent ? sent : tokens.issue();
  };

  const answerPage = (
    reply: FastifyReply,
    status: number,
    answer: Omit<FormAnswer, "formToken">,
    form?: URLSearchParams,
  ) => {
    // The contact page as visitors see it now, rendered with the published content.
    const html = contactFormPage(pages.html(CONTACT_FORM_ACTION) ?? "", { ...answer, formToken: tokenFor(form) });
    return reply
      .code(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pageCsp(inlineScriptHashes(html)))
      .send(html);
  };

  // `/contacto?interes=<slug>` (a "Solicitar información" link): the page with that service ticked,
  // so the request reaches the form even where no script runs. Unknown slugs get the page as built.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const [pathname, search = ""] = request.url.split("?");
    if (pathname !== CONTACT_FORM_ACTION && pathname !== `${CONTACT_FORM_ACTION}/`) return;
    const slug = new URLSearchParams(search).get("interes");
    if (!slug) return;
    const titles = (await app.serviceTypeCatalog.offered()).map((service) => service.title);
    const title = serviceTypeBySlug(slug, titles);
    if (!title) return;
    return answerPage(reply, 200, { fields: { services: [title] }, keepScripts: true });
  });

  await app.register(async (form) => {
    form.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 32 * 1024 },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    // Counted once the form is read (a few KB), so that a refused person gets their words back.
    const limit = rateLimit({
      ...contactRateLimit(app),
      refuse: (request, reply, sentence) => {
        const form = request.body instanceof URLSearchParams ? request.body : undefined;
        return answerPage(
          reply,
          429,
          { fields: form ? fieldsOf(form) : undefined, notice: failureNotice(sentence) },
          form,
        );
      },
    });

    form.post(CONTACT_FORM_ACTION, { preHandler: limit }, async (request, reply) => {
      if (!(request.body instanceof URLSearchParams)) {
        return answerPage(reply, 415, { notice: failureNotice(CONTACT_NOTICES.defaultFailure) });
      }
      const fields = fieldsOf(request.body);
      const countryCode = fields.countryCode === OTHER_COUNTRY_CODE ? fields.countryCodeCustom : fields.countryCode;
      const parsed = contactFormSchema.safeParse({
        ...fields,
        countryCode,
        website: text(request.body, "website"),
      });
      if (!parsed.success) {
        const errors = errorsOf(parsed.error.issues);
        return answerPage(reply, 400, { fields, errors, notice: validationNotice(errors) }, request.body);
      }

      const formToken = formTokenOf(request.body);
      const body = contactRequestSchema.parse(
        toContactRequest(parsed.data, {
          source: { page: sentFrom(request) ?? CONTACT_FORM_ACTION },
          ...(formToken ? { formToken } : {}),
        }),
      );
      const window = Math.floor(Date.now() / DUPLICATE_WINDOW_MS);
      // The same words sent again are one lead whatever page (and token) they were sent from.
      const { formToken: _token, ...words } = body;
      // Sent again just after the window turned: the previous window's key already holds it.
      const previous = duplicateKey(request.ip, words, window - 1);
      if (await findRequestHashByIdempotencyKey(app.db, previous)) return reply.redirect(CONTACT_THANKS_PATH, 303);
      try {
        const result = await submitContactRequest(intakeDeps(app), body, {
          idempotencyKey: duplicateKey(request.ip, words, window),
          ip: request.ip,
          userAgent: request.headers["user-agent"],
        });
        request.log.info({ outcome: result.outcome, form: "html" }, "contact request stored");
        if (result.queuedEmails) app.outbox.kick();
        return reply.redirect(CONTACT_THANKS_PATH, 303);
      } catch (error) {
        if (error instanceof UnknownServicesError) {
          const errors = { services: CONTACT_MESSAGES.servicesUnknown };
          return answerPage(reply, 400, { fields, errors, notice: validationNotice(errors) }, request.body);
        }
        // Nothing typed is lost: the person gets the form back, filled, to send again.
        request.log.error({ err: error }, "contact form not stored");
        return answerPage(reply, 503, { fields, notice: failureNotice(CONTACT_NOTICES.defaultFailure) }, request.body);
      }
    });
  });
});
