import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// No Docker daemon in CI: these read the deployment files and hold the promises docs/operations.md
// makes about them, so an edit cannot quietly break one.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Service = {
  image?: string;
  ports?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }> | string[];
  networks?: string[];
};
const compose = parse(read("deploy/compose.yaml"), { merge: true }) as {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean }>;
};
const dockerfile = read("Dockerfile");
const caddyfile = read("deploy/Caddyfile");

describe("deployment files", () => {
  it("runs two identical app instances behind one proxy, with PostgreSQL and Redis", () => {
    const { app1, app2, postgres, redis, caddy } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(["app1", "app2", "caddy", "postgres", "redis"]);
    expect(app1).toEqual(app2);
    expect(app1?.environment).toMatchObject({
      NODE_ENV: "production",
      DATABASE_URL: expect.stringMatching(/^postgres:\/\/.+@postgres:5432\//),
      REDIS_URL: "redis://redis:6379",
      TRUST_PROXY_HOPS: "1",
    });
    expect(app1?.depends_on).toMatchObject({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
    });
    expect(postgres?.image).toMatch(/^postgres:17/);
    expect(postgres?.healthcheck?.test.join(" ")).toContain("pg_isready");
    expect(redis?.healthcheck?.test).toContain("ping");
    expect(caddy?.image).toMatch(/^caddy:2/);
  });

  it("publishes ports on the proxy only, and keeps the data services off the outside network", () => {
    const publishing = Object.entries(compose.services).filter(([, service]) => service.ports?.length);
    expect(publishing.map(([name]) => name)).toEqual(["caddy"]);
    expect(compose.services.caddy?.ports).toEqual(["80:80", "443:443", "443:443/udp"]);
    expect(compose.networks.backend?.internal).toBe(true);
    expect(compose.services.postgres?.networks).toEqual(["backend"]);
    expect(compose.services.redis?.networks).toEqual(["backend"]);
    expect(compose.services.caddy?.networks).toEqual(["edge"]);
  });

  it("balances over both instances on their readiness", () => {
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000 \{/);
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
    expect(caddyfile).toMatch(/encode zstd gzip/);
  });

  it("lets a picture of the site editor through the proxy, and nothing else over 1 MB", () => {
    const maxBytes = 15 * 1024 * 1024;
    expect(caddyfile).toMatch(/@picture \{\s*method POST\s*path \/api\/site\/images\s*\}/);
    const pictureLimit = Number(/request_body @picture \{\s*max_size (\d+)MB/.exec(caddyfile)?.[1]) * 1024 * 1024;
    expect(pictureLimit).toBeGreaterThan(maxBytes);
    expect(caddyfile).toMatch(/request_body @other \{\s*max_size 1MB/);
  });

  it("keeps query strings out of the proxy's access log, as the app keeps them out of its own", () => {
    expect(caddyfile).toMatch(/format filter \{\s*wrap json/);
    expect(caddyfile).toContain('request>uri regexp [?].* ""');
    expect(caddyfile).toContain('request>headers>Referer regexp [?].* ""');
  });

  it("builds a non-root Node 24 image with a healthcheck on readiness", () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health\/ready/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    // Exec forms are JSON arrays: a quoting slip would turn them into shell strings or break the build.
    const execForms = [...dockerfile.matchAll(/CMD (\[.*\])$/gm)].map((match) => JSON.parse(match[1] ?? ""));
    expect(execForms).toEqual([
      ["node", "-e", expect.stringContaining("/api/health/ready")],
      ["node", "--import", "tsx", "apps/api/src/server.ts"],
    ]);
    // Every path the image copies from the context exists (a rename would break the build).
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(?:--\S+ )*(.+) \S+$/gm)].flatMap((match) =>
      (match[1] ?? "").split(" "),
    );
    expect(copied.length).toBeGreaterThan(5);
    for (const source of copied) expect(() => readFileSync(path.join(root, source)), source).not.toThrow(/ENOENT/);
  });
});

describe("the image's contents", () => {
  it("leaves tests and the software passkey out", () => {
    const ignored = read(".dockerignore").split("\n");
    expect(ignored).toEqual(
      expect.arrayContaining([
        "**/*.test.ts",
        "apps/api/test",
        "apps/api/src/modules/accounts/second-factor/test-authenticator.ts",
      ]),
    );
  });
});

describe("the image's web app", () => {
  it("has the server build that renders the public pages, and every package it imports", () => {
    // The server renders the public pages from the web app's server build (decision 037): the image
    // must hold all of apps/web/build, and install what that build imports at run time.
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/apps\/web\/build apps\/web\/build$/m);
    const install = /npm ci --omit=dev (.*)/.exec(dockerfile)?.[1] ?? "";
    const workspaces = [...install.matchAll(/--workspace (\S+)/g)].map((match) => match[1] ?? "");
    expect(workspaces).toEqual(expect.arrayContaining(["apps/api", "packages/shared", "apps/web"]));
    const installed = new Set(
      workspaces.flatMap((workspace) => Object.keys(JSON.parse(read(`${workspace}/package.json`)).dependencies ?? {})),
    );
    const serverBuild = path.join(root, "apps/web/build/server/index.js");
    let built: string;
    try {
      built = readFileSync(serverBuild, "utf8");
    } catch {
      // Without a build (a unit run before `npm run build`), the web app's own dependencies stand in.
      built = Object.keys(JSON.parse(read("apps/web/package.json")).dependencies)
        .map((name) => `from "${name}"`)
        .join("\n");
    }
    // Import statements only (at a line's start or after a `;` of the minified build): a sentence in a
    // kept comment that says `from "…"` is not a package.
    const packages = [
      ...built.matchAll(/(?:^|;)\s*(?:import|export)\b[^;"]*?from\s*"((?:@[^/"]+\/)?[^./"][^/"]*)[^"]*"/gm),
    ]
      .map((match) => match[1] ?? "")
      .filter((name) => !name.startsWith("node:"));
    expect(packages.length).toBeGreaterThan(3);
    for (const name of new Set(packages)) expect(installed.has(name), `${name} installed in the image`).toBe(true);
  });
});

describe("configuration documents", () => {
  // Every variable config.ts reads, from its zod schema's keys.
  const config = read("apps/api/src/config.ts");
  const schema = config.slice(config.indexOf("const envSchema"), config.indexOf("export type Config"));
  const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] ?? "");

  it("docs/operations.md and .env.example describe every environment variable the server reads", () => {
    expect(variables.length).toBeGreaterThan(25);
    const operations = read("docs/operations.md");
    const example = read(".env.example");
    const undocumented = variables.filter((name) => !operations.includes(`| \`${name}\` |`));
    const missingExample = variables.filter((name) => !new RegExp(`^#? ?${name}=`, "m").test(example));
    expect(undocumented, "add a row to the table in docs/operations.md").toEqual([]);
    expect(missingExample, "add a commented line to .env.example").toEqual([]);
  });
});
