// Telling "the database cannot be reached right now" apart from a bug: the first is a 503 with
// Retry-After (the form retries and keeps what the person typed), the second a 500.

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTFOUND",
]);

// SQLSTATE classes and codes that mean the server is away, starting, stopping or full.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "53400"]);

const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /PGlite is closed/i,
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((item) => {
    if (!item || typeof item !== "object") return false;
    const { code, message } = item as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08"))
    ) {
      return true;
    }
    return typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** A unique-constraint violation (SQLSTATE 23505), wherever the driver wraps it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return causes(error).some((item) => {
    const { code, constraint: name } = (item ?? {}) as { code?: unknown; constraint?: unknown };
    return code === "23505" && (constraint === undefined || name === constraint);
  });
}

// The server ended the connection (pg_terminate_backend, a restart, a failover): the statement was
// never run, or was rolled back with the connection. Unlike a timeout, it did not silently commit.
const CONNECTION_LOST_SQLSTATES = new Set(["57P01", "57P02"]);
const CONNECTION_LOST_MESSAGES = [/connection terminated unexpectedly/i, /^Connection terminated$/i];

/** The connection a statement used was found dead: worth one more try on a fresh connection. */
export function isConnectionLost(error: unknown): boolean {
  return causes(error).some((item) => {
    if (!item || typeof item !== "object") return false;
    const { code, message } = item as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      (CONNECTION_LOST_SQLSTATES.has(code) || code === "ECONNRESET" || code === "EPIPE")
    ) {
      return true;
    }
    return typeof message === "string" && CONNECTION_LOST_MESSAGES.some((pattern) => pattern.test(message));
  });
}
