import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { rateLimit } from "../../plugins/rate-limit.ts";
import { answerQuote, checkAnswer } from "./quote-answer.ts";
import { ANSWER_PAGE_CSP, answerPage, answerStatus } from "./quote-answer-page.ts";
import type { QuoteLinks } from "./quote-links.ts";

// `Aceptar cotización` and `Rechazar` from the quote's email: pages of the site, not of the API (the
// client has no account, and a form of the page posts to it), working without JavaScript. GET shows the question, the form's POST answers; a token is signed
// and 192 bits long, so guessing one is hopeless, and the limit keeps a flood from costing much.

const params = z.object({ token: z.string().max(80) });

export const quoteAnswerRoutes: FastifyPluginAsyncZod<{ links: QuoteLinks }> = async (app, { links }) => {
  const { db } = app;
  // The page's button sends an empty form; nothing in it is read.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );
  const limit = rateLimit({
    name: "quote-answer",
    rules: [{ max: 30, windowMs: 60_000 }],
    store: app.rateLimitStore,
  });
  const page = z.string().describe("text/html");
  const html = { 200: page, 404: page, 409: page, 410: page };

  app.get("/cotizacion/:token", { preHandler: limit, schema: { params, response: html } }, async (request, reply) => {
    const outcome = await checkAnswer(db, links, request.params.token);
    return reply
      .code(answerStatus(outcome))
      .type("text/html; charset=utf-8")
      .header("content-security-policy", ANSWER_PAGE_CSP)
      .header("cache-control", "no-store")
      .header("referrer-policy", "no-referrer")
      .send(answerPage(outcome));
  });

  app.post("/cotizacion/:token", { preHandler: limit, schema: { params, response: html } }, async (request, reply) => {
    const outcome = await answerQuote(db, links, request.params.token, request.ip);
    if (outcome.kind === "done") app.outbox.kick();
    return reply
      .code(answerStatus(outcome))
      .type("text/html; charset=utf-8")
      .header("content-security-policy", ANSWER_PAGE_CSP)
      .header("cache-control", "no-store")
      .header("referrer-policy", "no-referrer")
      .send(answerPage(outcome));
  });
};
