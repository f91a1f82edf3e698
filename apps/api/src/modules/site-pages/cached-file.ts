import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

// A page (or the sitemap) kept in memory with its compressed copies, answered as @fastify/static
// answers the build's files (decision 025): Accept-Encoding picks the copy, each copy has its own
// ETag, If-None-Match gives 304.

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

type Copy = { body: Buffer; etag: string };
export type CachedFile = {
  type: string;
  /** The page's Content-Security-Policy (exact hashes of its inline scripts). */
  csp?: string;
  copies: { identity: Copy; br?: Copy; gzip?: Copy };
};

const tagOf = (body: Buffer, suffix: string) =>
  `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}${suffix}"`;

/**
 * Brotli at its best is 9-10 % smaller than at 5, and 30-150 ms a page instead of about 1: pages are
 * cached with the quick one, so that a publish is live in about a second, then each is compressed
 * again at the best (`withBestBrotli`) while visitors already get them.
 */
export const BROTLI = { quick: 5, best: 11 } as const;

const brotli = (body: Buffer, quality: number) =>
  compressBrotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

/** Compressed once, when cached: brotli (quick, see BROTLI) and gzip -9. */
export async function cachedFile(text: string, type: string, csp?: string): Promise<CachedFile> {
  const body = Buffer.from(text);
  const [br, gz] = await Promise.all([brotli(body, BROTLI.quick), compressGzip(body, { level: 9 })]);
  return {
    type,
    ...(csp ? { csp } : {}),
    copies: {
      identity: { body, etag: tagOf(body, "") },
      br: { body: br, etag: tagOf(body, "-br") },
      gzip: { body: gz, etag: tagOf(body, "-gz") },
    },
  };
}

/**
 * The same file with its brotli copy at the best quality. Its ETag stays: a weak tag names the
 * content, which is the same, so a browser holding the quick copy keeps it on revalidation.
 */
export async function withBestBrotli(file: CachedFile): Promise<CachedFile> {
  const { identity, br } = file.copies;
  if (!br) return file;
  return { ...file, copies: { ...file.copies, br: { body: await brotli(identity.body, BROTLI.best), etag: br.etag } } };
}

/** The encodings the client accepts with a weight above zero. */
function accepted(header: string | undefined) {
  const names = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const weight = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (name && (weight === undefined || Number(weight) > 0)) names.add(name);
  }
  return names;
}

const bare = (tag: string) => tag.trim().replace(/^W\//, "");

/** If-None-Match (weak comparison, RFC 9110 13.1.2): `*`, or a list holding this tag. */
function matches(condition: string | undefined, etag: string) {
  if (!condition) return false;
  if (condition.trim() === "*") return true;
  return condition.split(",").some((tag) => bare(tag) === bare(etag));
}

export function sendCached(request: FastifyRequest, reply: FastifyReply, file: CachedFile, status = 200) {
  const encodings = accepted(request.headers["accept-encoding"]);
  const encoding = (["br", "gzip"] as const).find((name) => file.copies[name] && encodings.has(name));
  const copy = (encoding && file.copies[encoding]) || file.copies.identity;
  reply
    .header("content-type", file.type)
    .header("cache-control", "no-cache")
    .header("vary", "Accept-Encoding")
    .header("etag", copy.etag);
  if (file.csp) reply.header("content-security-policy", file.csp);
  if (status === 200 && matches(request.headers["if-none-match"], copy.etag)) return reply.code(304).send();
  if (encoding) reply.header("content-encoding", encoding);
  return reply.code(status).header("content-length", copy.body.length).send(copy.body);
}
