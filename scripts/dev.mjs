// `npm run dev`: the API with reload on :3001 and the Vite dev server with hot reload on :5173,
// which proxies /api to the API. Ctrl+C stops both.
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn("npm", ["run", "dev", "-w", "apps/api"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, SERVE_WEB: "false" },
  }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
