import { describe, expect, it } from "vitest";
import { buildInputs, rebuildReason } from "../../../scripts/ensure-build.mjs";

// `npm start` and the browser tests rebuild the site the API serves when it is stale
// (scripts/ensure-build.mjs): here, the decision alone, without building anything.

const stampOf = (publicUrl: string | undefined, mtimeMs = 2000) => ({
  mtimeMs,
  text: `${JSON.stringify({ builtAt: "2026-01-01T00:00:00.000Z", inputs: { PUBLIC_URL: publicUrl } })}\n`,
});

describe("rebuilding the web app", () => {
  const local = buildInputs({});

  it("reads PUBLIC_URL as the build does: default localhost:3000, no trailing slash", () => {
    expect(local).toEqual({ PUBLIC_URL: "http://localhost:3000" });
    expect(buildInputs({ PUBLIC_URL: "https://www.example.ec/" })).toEqual({ PUBLIC_URL: "https://www.example.ec" });
  });

  it("builds when there is no build, or a source is newer than it", () => {
    expect(rebuildReason({ stamp: undefined, newestSource: 0, inputs: local })).toBe("missing");
    expect(rebuildReason({ stamp: stampOf(local.PUBLIC_URL), newestSource: 2001, inputs: local })).toBe("sources");
  });

  it("keeps a current build made with the same PUBLIC_URL", () => {
    expect(rebuildReason({ stamp: stampOf(local.PUBLIC_URL), newestSource: 2000, inputs: local })).toBeUndefined();
    const production = buildInputs({ PUBLIC_URL: "https://www.example.ec/" });
    expect(
      rebuildReason({ stamp: stampOf("https://www.example.ec"), newestSource: 1000, inputs: production }),
    ).toBeUndefined();
  });

  it("rebuilds when PUBLIC_URL differs from the one the build baked in, or was not recorded", () => {
    const production = buildInputs({ PUBLIC_URL: "https://www.example.ec" });
    expect(rebuildReason({ stamp: stampOf(local.PUBLIC_URL), newestSource: 0, inputs: production })).toBe(
      "inputs:PUBLIC_URL",
    );
    const older = { mtimeMs: 2000, text: "2026-01-01T00:00:00.000Z\n" };
    expect(rebuildReason({ stamp: older, newestSource: 0, inputs: local })).toBe("inputs:PUBLIC_URL");
  });
});
