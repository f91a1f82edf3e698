// The one way the browser talks to the API: JSON in and out, and one error type carrying what the
// API said (its Spanish message, field details, Retry-After). Staff authentication joins it later.

export type FieldProblem = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    readonly details: FieldProblem[] = [],
    /** Seconds the server asked to wait (429, 503), if it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Worth trying again with the same request: the network or the server was briefly away. */
  get isTransient() {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

export type ApiRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

const API_BASE = "/api";

function retryAfterOf(response: Response) {
  const value = Number(response.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Calls `path` under /api and returns its JSON, or throws an ApiError. */
export async function apiRequest<T>(path: string, { method = "GET", body, headers, signal }: ApiRequest = {}) {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "No se pudo conectar con el servidor");
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const problem = (json ?? {}) as { message?: unknown; details?: unknown };
    throw new ApiError(
      response.status,
      typeof problem.message === "string" ? problem.message : "",
      Array.isArray(problem.details) ? (problem.details as FieldProblem[]) : [],
      retryAfterOf(response),
    );
  }
  return json as T;
}
