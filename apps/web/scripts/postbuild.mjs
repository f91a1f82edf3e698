// After `react-router build`: precompress every text file of the browser's build (brotli + gzip) so
// the server never compresses on the fly. The pages themselves are rendered and compressed by the
// API (docs/decisions/037).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build/client");
const siteUrl = (process.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "");

const files = readdirSync(root, { recursive: true, encoding: "utf8" })
  .map((relative) => path.join(root, relative))
  .filter((file) => statSync(file).isFile() && !/\.(br|gz)$/.test(file));

const compressible = /\.(html|js|css|svg|json|xml|txt|webmanifest)$/;
let count = 0;
for (const file of files) {
  if (!compressible.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 512) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
// The stamp records what the build read from the environment: scripts/ensure-build.mjs rebuilds when
// it differs (a new PUBLIC_URL must change the canonical URLs baked into the pages' code).
writeFileSync(
  path.join(root, ".build-stamp"),
  `${JSON.stringify({ builtAt: new Date().toISOString(), inputs: { PUBLIC_URL: siteUrl } })}\n`,
);
console.log(`postbuild: ${count} files precompressed`);
