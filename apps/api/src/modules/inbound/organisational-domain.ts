// DMARC's relaxed alignment: two domains align when they share the organisational domain (the
// name someone registered). The public suffix list decides that exactly; this is a simple rule
// without it (decision 034): the last two labels, or three under a country's second level where
// registries sell names (`rosas.com.ec`, `finca.co.uk`). A suffix the rule does not know
// (`github.io`, `k12.ec`) is taken for a name, so two of its customers would look aligned: the rule
// is only used when our server gave no DMARC result, whose evaluation uses the real list.

/** Second-level labels under a two-letter country domain that are suffixes, not names. */
const SECOND_LEVELS = new Set([
  "ac",
  "co",
  "com",
  "edu",
  "fin",
  "gob",
  "gov",
  "info",
  "med",
  "mil",
  "net",
  "nom",
  "org",
]);

export function organisationalDomain(domain: string) {
  const labels = domain.toLowerCase().replace(/\.$/, "").split(".");
  const [second, top] = labels.slice(-2);
  const underCountry = labels.length >= 3 && top?.length === 2 && second !== undefined && SECOND_LEVELS.has(second);
  return labels.slice(underCountry ? -3 : -2).join(".");
}

/** Whether an authenticated domain (SPF's or DKIM's) speaks for the From domain. */
export const aligned = (authenticated: string, fromDomain: string) =>
  organisationalDomain(authenticated) === organisationalDomain(fromDomain);
