// The one way the browser talks to the API: JSON in and out, and one error type carrying what the
// API said (its Spanish message, field details, Retry-After). `apiRequest` is for public calls;
// `authRequest` is for every CRM call: it adds the staff access token, refreshes it once on 401 and
// ends the session when the server no longer accepts it (spec section 4, docs/decisions/014).
import { CSRF_HEADER } from "@app/shared/constants";

export type FieldProblem = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    readonly details: FieldProblem[] = [],
    /** Seconds the server asked to wait (429, 503), if it said. */
    readonly retryAfterSeconds?: number,
    /** The API's short error name (`error`), e.g. "Password Change Required". */
    readonly code = "",
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
  /**
   * A call authenticated by the refresh cookie (refresh, logout): it sends the CSRF header, which a
   * cross-site form cannot send (docs/decisions/014).
   */
  cookieAuth?: boolean;
  /** The answer is a file to save (CSV, a JSON attachment): resolves to a `DownloadedFile`. */
  file?: boolean;
};

/** A file the API sent as an attachment, with the name its Content-Disposition gave. */
export type DownloadedFile = { blob: Blob; filename: string };

/** `attachment; filename="x.csv"` or RFC 5987's `filename*=UTF-8''x.csv` -> the name, if any. */
export function filenameOf(contentDisposition: string | null) {
  if (!contentDisposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Falls back to the plain name below.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition)?.[1]?.trim();
}

const API_BASE = "/api";
/** What the API answers while a temporary password has not been changed yet. */
export const PASSWORD_CHANGE_REQUIRED = "Password Change Required";
/** What the API answers while a required second factor has not been added yet (issue 15). */
export const SECOND_FACTOR_REQUIRED = "Second Factor Required";

/** A 403 that only sends the person to a page of their own account, not a lost session or role. */
export const isAccountGate = (error: unknown) =>
  error instanceof ApiError && (error.code === PASSWORD_CHANGE_REQUIRED || error.code === SECOND_FACTOR_REQUIRED);

function retryAfterOf(response: Response) {
  const value = Number(response.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Calls `path` under /api and returns its JSON, or throws an ApiError. */
export async function apiRequest<T>(
  path: string,
  { method = "GET", body, headers, signal, cookieAuth = false, file = false }: ApiRequest = {},
) {
  let response: Response;
  // A file (a picture to upload) goes as itself; anything else as JSON.
  const raw = typeof Blob !== "undefined" && body instanceof Blob;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        accept: file ? "*/*" : "application/json",
        ...(body === undefined
          ? {}
          : { "content-type": raw ? body.type || "application/octet-stream" : "application/json" }),
        ...(cookieAuth ? { [CSRF_HEADER]: "1" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      // Same origin only: the refresh cookie (Path=/api/auth) is stored from login and sent to refresh.
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "No se pudo conectar con el servidor");
  }
  if (file && response.ok) {
    const download: DownloadedFile = {
      blob: await response.blob(),
      filename: filenameOf(response.headers.get("content-disposition")) ?? "descarga",
    };
    return download as T;
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const problem = (json ?? {}) as { message?: unknown; details?: unknown; error?: unknown };
    throw new ApiError(
      response.status,
      typeof problem.message === "string" ? problem.message : "",
      Array.isArray(problem.details) ? (problem.details as FieldProblem[]) : [],
      retryAfterOf(response),
      typeof problem.error === "string" ? problem.error : "",
    );
  }
  return json as T;
}

/** What the signed-in session offers the client; the auth feature provides it (connectSession). */
export type SessionBridge = {
  /** The access token held in memory, if any. */
  accessToken: () => string | undefined;
  /** Gets a new access token through the refresh cookie (one shared call); false: the session is over. */
  refresh: () => Promise<boolean>;
  /** After a 403: asks the server whether the session itself is still valid (a role 403 leaves it). */
  isStillValid: () => Promise<boolean>;
  /** The server no longer accepts the session: forget it; the CRM then sends the person to sign in. */
  expire: () => void;
  /** The account holds a temporary password: the CRM shows the password change. */
  requirePasswordChange: () => void;
  /** A second factor is required and the account has none: the CRM shows the security screen. */
  requireSecondFactor: () => void;
};

let session: SessionBridge | undefined;

/** Called once by the auth feature's session store. */
export function connectSession(bridge: SessionBridge) {
  session = bridge;
}

const isApiError = (error: unknown, status: number): error is ApiError =>
  error instanceof ApiError && error.status === status;

/**
 * A CRM call: the access token goes in `Authorization`. On 401 the token is refreshed once and the
 * call retried; a final 401, or a 403 that the server confirms means the session is gone, ends the
 * session. Any other error is thrown for the screen to explain.
 */
export async function authRequest<T>(path: string, options: ApiRequest = {}): Promise<T> {
  const bridge = session;
  if (!bridge) throw new ApiError(401, "");
  const send = () => {
    const token = bridge.accessToken();
    return apiRequest<T>(path, {
      ...options,
      headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  try {
    return await send();
  } catch (error) {
    if (!isApiError(error, 401)) throw await settleForbidden(bridge, error);
  }
  if (!(await bridge.refresh())) {
    bridge.expire();
    throw new ApiError(401, "");
  }
  try {
    return await send();
  } catch (error) {
    if (isApiError(error, 401)) bridge.expire();
    throw await settleForbidden(bridge, error);
  }
}

/** Decides what a 403 means before it reaches the screen; returns the error to throw. */
async function settleForbidden(bridge: SessionBridge, error: unknown) {
  if (!isApiError(error, 403)) return error;
  if (error.code === PASSWORD_CHANGE_REQUIRED) bridge.requirePasswordChange();
  else if (error.code === SECOND_FACTOR_REQUIRED) bridge.requireSecondFactor();
  else if (!(await bridge.isStillValid())) bridge.expire();
  return error;
}
