import type { Quote } from "@app/shared";
import { useRouteAction } from "~/lib/route-action";
import type { QuoteFields } from "./quote-draft";
import { createQuote, sendQuote, updateQuote } from "./quotes-api";

// Every write of a quote's page, by name: the route's clientAction runs them, and React Router then
// loads the quote again, so the page shows what is stored.

export type QuoteIntent =
  | { intent: "create-quote"; clientId: number; fields: QuoteFields }
  | { intent: "update-quote"; quoteId: number; fields: QuoteFields; version: number }
  | { intent: "send-quote"; quoteId: number; version: number };

export function runQuoteIntent(action: QuoteIntent): Promise<Quote> {
  switch (action.intent) {
    case "create-quote":
      return createQuote(action.clientId, action.fields);
    case "update-quote":
      return updateQuote(action.quoteId, action.fields, action.version);
    case "send-quote":
      return sendQuote(action.quoteId, action.version);
  }
}

export type RunQuoteIntent = (action: QuoteIntent) => Promise<Quote>;

/** Runs one of the writes above through the route's clientAction (see lib/route-action.ts). */
export function useQuoteAction() {
  const { run, busy } = useRouteAction();
  return { run: (action: QuoteIntent) => run<Quote>(action), busy };
}
