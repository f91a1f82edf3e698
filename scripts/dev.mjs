// `npm run dev`: the API with reload on :3001 and the Vite dev server with hot reload on :5173,
// which proxies /api to the API. Ctrl+C stops both.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn("npm", ["run", "dev", "-w", "apps/api"], {
    stdio: "inherit",
    // The same data directory as `npm start`, although npm runs the API from its own folder.
    env: {
      ...process.env,
      PORT: apiPort,
      SERVE_WEB: "false",
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, "data"),
    },
  }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
