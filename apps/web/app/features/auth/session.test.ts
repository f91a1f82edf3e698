import { beforeEach, describe, expect, it, vi } from "vitest";

const SESSION = {
  accessToken: "header.payload.signature",
  username: "ana",
  type: "Bearer",
  expiresIn: 900,
  refreshToken: "opaque",
  user: {
    id: 2,
    username: "ana",
    displayName: "Ana Quishpe",
    email: null,
    role: "personal",
    mustChangePassword: false,
    mustAddSecondFactor: false,
  },
};

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A fresh session module in a fake tab whose refresh call answers `status`. */
async function freshSession(status: number, storage = new MemoryStorage()) {
  vi.resetModules();
  vi.stubGlobal("window", { localStorage: storage, addEventListener: () => {} });
  const requests: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      await new Promise((resolve) => setTimeout(resolve, 5));
      return new Response(status === 200 ? JSON.stringify(SESSION) : "{}", { status });
    }),
  );
  return { storage, requests, session: await import("./session") };
}

describe("session store", () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("does not ask the server when nobody signed in on this browser", async () => {
    const { session, requests } = await freshSession(200);
    expect(await session.restoreSession()).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it("restores once for concurrent callers, with the cookie and the CSRF header", async () => {
    const storage = new MemoryStorage();
    storage.setItem("username", "ana");
    const { session, requests } = await freshSession(200, storage);
    const [a, b] = await Promise.all([session.restoreSession(), session.restoreSession()]);
    expect(a?.username).toBe("ana");
    expect(b).toEqual(a);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe("/api/auth/refresh-token");
    expect(requests[0]?.init.credentials).toBe("same-origin");
    expect(new Headers(requests[0]?.init.headers).get("x-csrf-protection")).toBe("1");
    // Already in memory: no second call.
    await session.restoreSession();
    expect(requests).toHaveLength(1);
  });

  it("forgets the username when the server refuses the cookie", async () => {
    const storage = new MemoryStorage();
    storage.setItem("username", "ana");
    const { session } = await freshSession(401, storage);
    expect(await session.restoreSession()).toBeNull();
    expect(storage.getItem("username")).toBeNull();
  });

  it("never writes a token to storage", async () => {
    const storage = new MemoryStorage();
    const { session } = await freshSession(200, storage);
    session.applySession(SESSION as Parameters<typeof session.applySession>[0]);
    expect([...storage.items.values()].join(" ")).not.toContain(SESSION.accessToken);
    expect([...storage.items.entries()]).toEqual([["username", "ana"]]);
  });

  it("opens no session when the password asks for a second factor, and opens it after the code", async () => {
    const storage = new MemoryStorage();
    const { session } = await freshSession(200, storage);
    const step = { step: "second_factor", stepToken: "step", expiresIn: 300, methods: ["authenticator", "recovery"] };
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify(url.endsWith("/auth/login") ? step : SESSION), { status: 200 });
      }),
    );
    const outcome = await session.signIn({ username: "ana", password: "secreta", remember: true });
    expect(outcome).toEqual({ step });
    expect(session.getSessionSnapshot().user).toBeNull();
    expect(storage.getItem("username")).toBeNull();

    const user = await session.completeSecondFactor({ stepToken: "step", method: "authenticator", code: "123456" });
    expect(user.username).toBe("ana");
    expect(session.getSessionSnapshot().user?.username).toBe("ana");
    expect(sent[1]).toEqual({
      url: "/api/auth/second-factor",
      body: { stepToken: "step", method: "authenticator", code: "123456" },
    });
  });
});
