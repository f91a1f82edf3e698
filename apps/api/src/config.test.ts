import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults for a fresh machine", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.serveWeb).toBe(true);
  });

  it("keeps memory:// for an in-memory database and treats an empty DATABASE_URL as unset", () => {
    const config = loadConfig({ DATA_DIR: "memory://", DATABASE_URL: "" });
    expect(config.dataDir).toBe("memory://");
    expect(config.databaseUrl).toBeUndefined();
  });

  it("names every bad variable in one Spanish message", () => {
    const attempt = () => loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/Configuración inválida/);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/LOG_LEVEL/);
  });

  it("strips a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ PUBLIC_URL: "https://flores.example/" }).publicUrl).toBe("https://flores.example");
  });

  it("reads INBOUND_AUTHSERV_ID as the mail servers whose Authentication-Results count", () => {
    const imap = { IMAP_URL: "imaps://ventas%40floricola.test:clave@imap.floricola.test:993" };
    expect(loadConfig(imap).inbound?.authservIds).toEqual([]);
    expect(
      loadConfig({ ...imap, INBOUND_AUTHSERV_ID: "MX.Google.com, filtro.floricola.test" }).inbound?.authservIds,
    ).toEqual(["mx.google.com", "filtro.floricola.test"]);
    expect(() => loadConfig({ ...imap, INBOUND_AUTHSERV_ID: "mx.google.com; dmarc=pass" })).toThrow(
      /INBOUND_AUTHSERV_ID/,
    );
  });
});
