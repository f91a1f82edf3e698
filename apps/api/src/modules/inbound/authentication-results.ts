import { aligned } from "./organisational-domain.ts";

// Whether a received email's From is who it claims, as the receiving mail server found it
// (RFC 8601 Authentication-Results). Anyone can write such a header into their own email, so only
// the topmost one counts, and only when it names a server configured as ours (INBOUND_AUTHSERV_ID):
// a receiving server adds its header above everything the sender wrote (decision 034).

/** verified: the From domain passed; failed: its DMARC policy says the email is forged; else unverified. */
export type SenderVerdict = "verified" | "failed" | "unverified";

type MethodResult = { method: string; result: string; properties: Map<string, string> };

/** The header split at the semicolons that separate its parts, without comments; quoted text kept whole. */
function parts(value: string) {
  const found: string[] = [];
  let current = "";
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index] ?? "";
    if (quoted) {
      if (char === '"') quoted = false;
      else {
        if (char === "\\") index += 1;
        current += char === "\\" ? (value[index] ?? "") : char;
      }
    } else if (depth > 0) {
      if (char === "\\") index += 1;
      else if (char === "(") depth += 1;
      else if (char === ")") depth -= 1;
    } else if (char === "(") {
      depth = 1;
      current += " ";
    } else if (char === '"') {
      quoted = true;
    } else if (char === ";") {
      found.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  found.push(current);
  return found.map((part) => part.replace(/\s*([=.])\s*/g, "$1").trim());
}

/** `mx.example.net; spf=pass smtp.mailfrom=a.test; dkim=pass header.d=a.test` -> its server and results. */
export function parseAuthenticationResults(value: string) {
  const [head = "", ...rest] = parts(value);
  const authservId = head.split(/\s+/)[0]?.toLowerCase() ?? "";
  const results = rest.flatMap((part): MethodResult[] => {
    const [methodSpec = "", ...properties] = part.split(/\s+/);
    const spec = methodSpec.match(/^([a-z0-9_-]+)(?:\/\d+)?=([a-z]+)$/i);
    if (!spec?.[1] || !spec[2]) return [];
    const map = new Map<string, string>();
    for (const property of properties) {
      const pair = property.match(/^([a-z0-9_-]+\.[a-z0-9_-]+)=(.+)$/i);
      if (pair?.[1] && pair[2]) map.set(pair[1].toLowerCase(), pair[2].toLowerCase());
    }
    return [{ method: spec[1].toLowerCase(), result: spec[2].toLowerCase(), properties: map }];
  });
  return { authservId, results };
}

/** The domain of `user@domain`, `@domain` or `domain`. */
const domainOf = (value: string | undefined) => value?.slice(value.lastIndexOf("@") + 1) || undefined;

/**
 * What our receiving server found about the sender of an email from `fromAddress`, given the
 * email's Authentication-Results headers topmost first. Its DMARC result for the From domain
 * decides when it has one; otherwise an SPF pass whose envelope sender aligns with the From
 * domain, or a DKIM pass whose signing domain does. Without `trustedIds`, nobody is verified.
 */
export function senderVerdict(headers: string[], fromAddress: string, trustedIds: string[]): SenderVerdict {
  const topmost = headers[0];
  if (topmost === undefined) return "unverified";
  const { authservId, results } = parseAuthenticationResults(topmost);
  if (!trustedIds.includes(authservId)) return "unverified";
  const fromDomain = domainOf(fromAddress.toLowerCase()) ?? "";
  const dmarc = results.filter(
    (entry) => entry.method === "dmarc" && (entry.properties.get("header.from") ?? fromDomain) === fromDomain,
  );
  if (dmarc.some((entry) => entry.result === "fail")) return "failed";
  if (dmarc.length > 0) return dmarc.every((entry) => entry.result === "pass") ? "verified" : "unverified";
  const passes = results.some((entry) => {
    if (entry.result !== "pass") return false;
    const domain =
      entry.method === "spf"
        ? domainOf(entry.properties.get("smtp.mailfrom"))
        : entry.method === "dkim"
          ? domainOf(entry.properties.get("header.d") ?? entry.properties.get("header.i"))
          : undefined;
    return domain !== undefined && aligned(domain, fromDomain);
  });
  return passes ? "verified" : "unverified";
}
