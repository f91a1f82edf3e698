import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, authRequest, connectSession, type SessionBridge } from "./api-client";

type Answer = { status: number; body?: unknown };

/** A fetch that answers in turn and records each request's Authorization header. */
function scriptedFetch(answers: Answer[]) {
  const seen: (string | null)[] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    seen.push(new Headers(init.headers).get("authorization"));
    const answer = answers.shift() ?? { status: 500 };
    return new Response(answer.body === undefined ? "" : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { seen, fetchMock };
}

function bridge(overrides: Partial<SessionBridge> = {}) {
  let token = "old";
  const calls = { refresh: 0, expire: 0, passwordChange: 0, secondFactor: 0, stillValid: 0 };
  const value: SessionBridge = {
    accessToken: () => token,
    refresh: async () => {
      calls.refresh += 1;
      token = "new";
      return true;
    },
    isStillValid: async () => {
      calls.stillValid += 1;
      return true;
    },
    expire: () => {
      calls.expire += 1;
    },
    requirePasswordChange: () => {
      calls.passwordChange += 1;
    },
    requireSecondFactor: () => {
      calls.secondFactor += 1;
    },
    ...overrides,
  };
  connectSession(value);
  return calls;
}

describe("authRequest", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("sends the access token as a Bearer header", async () => {
    const { seen } = scriptedFetch([{ status: 200, body: { ok: 1 } }]);
    bridge();
    expect(await authRequest("/users")).toEqual({ ok: 1 });
    expect(seen).toEqual(["Bearer old"]);
  });

  it("refreshes once on 401 and retries with the new token", async () => {
    const { seen } = scriptedFetch([{ status: 401 }, { status: 200, body: [] }]);
    const calls = bridge();
    expect(await authRequest("/users")).toEqual([]);
    expect(seen).toEqual(["Bearer old", "Bearer new"]);
    expect(calls).toMatchObject({ refresh: 1, expire: 0 });
  });

  it("ends the session when the retry is refused too", async () => {
    scriptedFetch([{ status: 401 }, { status: 401 }]);
    const calls = bridge();
    await expect(authRequest("/users")).rejects.toMatchObject({ status: 401 });
    expect(calls).toMatchObject({ refresh: 1, expire: 1 });
  });

  it("ends the session when the refresh is refused, without retrying", async () => {
    const { fetchMock } = scriptedFetch([{ status: 401 }]);
    const calls = bridge({ refresh: async () => false });
    await expect(authRequest("/users")).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls.expire).toBe(1);
  });

  it("keeps the session on a role 403 the server confirms, and passes the error on", async () => {
    scriptedFetch([{ status: 403, body: { statusCode: 403, error: "Forbidden", message: "Sin permiso" } }]);
    const calls = bridge();
    await expect(authRequest("/users")).rejects.toMatchObject({ status: 403, message: "Sin permiso" });
    expect(calls).toMatchObject({ stillValid: 1, expire: 0 });
  });

  it("ends the session on a 403 when the session itself is no longer valid", async () => {
    scriptedFetch([{ status: 403, body: { statusCode: 403, error: "Forbidden", message: "x" } }]);
    const calls = bridge({ isStillValid: async () => false });
    await expect(authRequest("/users")).rejects.toMatchObject({ status: 403 });
    expect(calls.expire).toBe(1);
  });

  it("asks for the password change on 'Password Change Required'", async () => {
    scriptedFetch([{ status: 403, body: { statusCode: 403, error: "Password Change Required", message: "x" } }]);
    const calls = bridge();
    await expect(authRequest("/users")).rejects.toMatchObject({ code: "Password Change Required" });
    expect(calls).toMatchObject({ passwordChange: 1, expire: 0, stillValid: 0 });
  });

  it("asks for a second factor on 'Second Factor Required', keeping the session", async () => {
    scriptedFetch([{ status: 403, body: { statusCode: 403, error: "Second Factor Required", message: "x" } }]);
    const calls = bridge();
    await expect(authRequest("/contacts")).rejects.toMatchObject({ code: "Second Factor Required" });
    expect(calls).toMatchObject({ secondFactor: 1, passwordChange: 0, expire: 0, stillValid: 0 });
  });

  it("leaves business errors (409) to the screen", async () => {
    scriptedFetch([
      { status: 409, body: { statusCode: 409, error: "Conflict", message: "Ese nombre de usuario ya existe" } },
    ]);
    const calls = bridge();
    await expect(authRequest("/users", { method: "POST", body: {} })).rejects.toMatchObject({
      status: 409,
      message: "Ese nombre de usuario ya existe",
    });
    expect(calls).toMatchObject({ refresh: 0, expire: 0, stillValid: 0 });
  });
});
