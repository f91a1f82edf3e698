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
});
