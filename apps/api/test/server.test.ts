import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function runServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
      cwd: apiRoot,
      env: { ...process.env, ...env },
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

describe("server start", () => {
  it("refuses bad configuration with a clear message and exit code 2", async () => {
    const { code, stderr } = await runServer({ PORT: "not-a-port", DATA_DIR: "memory://" });
    expect(code).toBe(2);
    expect(stderr).toContain("Configuración inválida");
    expect(stderr).toContain("PORT");
  });
});
