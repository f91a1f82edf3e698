import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type CliResult = { code: number | null; stdout: string; stderr: string };

/**
 * One of `apps/api/src/cli/*.ts` as an operator runs it (`npm run user`, `db:backup`, ...): a process
 * of its own from the repository's root, with `env` over this process's environment.
 */
export function runCli(script: string, args: string[], env: Record<string, string>) {
  return new Promise<CliResult>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `apps/api/src/cli/${script}.ts`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
