import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

// The two links of a quote's email (`Aceptar cotización`, `Rechazar`): signed by the server, each
// good for one answer to one quote, and only while the quote is `Enviada` and within its date. The
// signature covers the quote's `link_key`, so sending the quote again retires the earlier email's
// links, and its validity date, so moving the date retires them too.

export type QuoteAnswer = "accept" | "reject";

export type QuoteLinks = {
  token: (quote: SignedQuote, answer: QuoteAnswer) => string;
  /** What a token claims, if it is well formed; `verify` then checks it against the stored quote. */
  read: (token: string) => { quoteId: number; answer: QuoteAnswer; signature: string } | undefined;
  verify: (quote: SignedQuote, answer: QuoteAnswer, signature: string) => boolean;
};

/** What a link signs: the quote, its current link key and validity date. */
export type SignedQuote = { id: number; linkKey: string; validUntil: string };

/** The signature's length in base64url characters (32 = 192 bits of HMAC-SHA256). */
const MAC_LENGTH = 32;
const ANSWER_CODES: Record<QuoteAnswer, string> = { accept: "a", reject: "r" };

/** Signed with a key of their own, derived from the access-token secret every instance shares. */
export function createQuoteLinks(secret: Buffer): QuoteLinks {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "quote-answer-link", 32));
  const mac = (quote: SignedQuote, answer: QuoteAnswer) =>
    createHmac("sha256", key)
      .update(`quote:${quote.id}:${answer}:${quote.linkKey}:${quote.validUntil}`)
      .digest("base64url")
      .slice(0, MAC_LENGTH);
  return {
    token: (quote, answer) => `${quote.id}.${ANSWER_CODES[answer]}.${mac(quote, answer)}`,
    read(token) {
      const match = /^([1-9]\d{0,9})\.([ar])\.([A-Za-z0-9_-]+)$/.exec(token);
      if (!match || match[3]?.length !== MAC_LENGTH) return undefined;
      return { quoteId: Number(match[1]), answer: match[2] === "a" ? "accept" : "reject", signature: match[3] };
    },
    verify(quote, answer, signature) {
      const expected = Buffer.from(mac(quote, answer));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
