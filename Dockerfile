# syntax=docker/dockerfile:1
# The site + API in one image (docs/operations.md). Build from the repository root:
#   docker build --build-arg PUBLIC_URL=https://www.example.ec -t floraprotect .
# Node 24 LTS on Debian bookworm (glibc: the prebuilt argon2 binary; PGlite is WASM either way).
ARG NODE_IMAGE=node:24-bookworm-slim

# --- 1. Every dependency, then the web app's build (prerendered pages, SPA shell, precompressed assets).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
# Canonical URLs, Open Graph tags and sitemap.xml are written at build time.
ARG PUBLIC_URL=http://localhost:3000
ENV PUBLIC_URL=${PUBLIC_URL}
RUN npm run build -w apps/web

# --- 2. Only what the server needs at run time: the production dependencies of the API, the shared
# package and the web app (tsx included: the server runs its TypeScript through it, as `npm start`
# does; React and React Router: the server renders the public pages from the web app's server build,
# decision 037).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev --workspace apps/api --workspace packages/shared --workspace apps/web --no-audit --no-fund \
  && npm cache clean --force

# --- 3. The image that runs.
FROM ${NODE_IMAGE} AS runtime
# pg_dump/pg_restore/psql for `npm run db:backup` / `db:restore`: they must be at least the server's
# major version, so they come from the PostgreSQL project's apt repository (Debian's are 15).
ARG PG_MAJOR=17
ADD --chmod=644 https://www.postgresql.org/media/keys/ACCC4CF8.asc /usr/share/keyrings/pgdg.asc
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates \
  && . /etc/os-release \
  && echo "deb [signed-by=/usr/share/keyrings/pgdg.asc] https://apt.postgresql.org/pub/repos/apt ${VERSION_CODENAME}-pgdg main" \
    > /etc/apt/sources.list.d/pgdg.list \
  && apt-get update \
  && apt-get install -y --no-install-recommends "postgresql-client-${PG_MAJOR}" \
  && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only for the server's user; only /data and /app/backups are writable.
COPY --from=prod-deps /app ./
COPY tsconfig.base.json ./
COPY apps/api/tsconfig.json apps/api/
COPY apps/api/drizzle apps/api/drizzle
COPY apps/api/src apps/api/src
COPY packages/shared/src packages/shared/src
# The browser's files and the server build that renders the public pages from the published content.
COPY --from=build /app/apps/web/build apps/web/build
RUN mkdir -p /data /app/backups && chown node:node /data /app/backups

USER node
# The embedded database (PGlite) when DATABASE_URL is not set; backups written by db:backup.
VOLUME ["/data", "/app/backups"]
EXPOSE 3000
# Readiness: the database answers and the instance is not shutting down. No curl in slim: Node's fetch.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (graceful stop, decision 017).
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
