import { ensureBuild } from "../../../scripts/ensure-build.mjs";
import { loadConfig } from "../src/config.ts";

/**
 * Where the web app's build is, built first when missing or stale, as `npm start` does
 * (scripts/ensure-build.mjs): for tests of the app as it really runs, with the site served.
 */
export function builtWebDist() {
  ensureBuild();
  return loadConfig({}).webDist;
}

/** A build can take a minute on a busy machine. */
export const BUILD_TIMEOUT_MS = 180_000;
