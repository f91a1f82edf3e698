import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { checkBoundaries, importsOf } from "./check-boundaries.mjs";
import { folderOf, removeFolders, runScript } from "./script-test-kit.mjs";

const SCRIPT = fileURLToPath(new URL("./check-boundaries.mjs", import.meta.url));
const CLEAN = {
  "apps/web/app/features/catalog/product-card.tsx": 'import { Button } from "~/components/ui/button";\n',
  "apps/web/app/features/catalog/list.tsx": 'import { ProductCard } from "./product-card";\n',
  "apps/web/app/features/catalog/index.ts": 'export { ProductCard } from "./product-card";\n',
  // Another feature through its public face, by alias or relative path.
  "apps/web/app/features/board/board.tsx":
    'import { ProductCard } from "~/features/catalog";\nimport { list } from "../catalog/index.ts";\n',
  "apps/web/app/components/ui/button.tsx": 'import { paths } from "~/lib/paths";\nimport { z } from "zod";\n',
  "apps/web/app/lib/paths.ts": 'import { DEFAULT_PAGE_SIZE } from "@app/shared/constants";\n',
  "apps/web/app/routes/home.tsx":
    'import { ProductCard } from "~/features/catalog/product-card";\nimport { x } from "../lib/paths";\n',
  "apps/api/src/app.ts": 'import { contactSchema } from "@app/shared";\nimport { db } from "./db/client.ts";\n',
  "packages/shared/src/index.ts": 'export * from "./constants.ts";\n',
  // Imports written in comments and strings are not imports.
  "apps/web/app/lib/notes.ts":
    '// import { x } from "~/features/catalog/list";\n/* import("~/routes/home") */\nconst s = "import \\"~/routes/home\\"";\n',
};

afterEach(removeFolders);

describe("check-boundaries", () => {
  it("passes a tree whose imports point the allowed ways", () => {
    const root = tree(CLEAN);
    expect(checkBoundaries(root)).toEqual([]);
    expect(run(root)).toMatchObject({ code: 0 });
  });

  it("fails on each kind of violation, one line per import with file:line and the rule", () => {
    const root = tree({
      ...CLEAN,
      // Another feature, by alias, across lines, re-exported and loaded lazily.
      "apps/web/app/features/landing/showcase.tsx": [
        'import { ProductCard } from "~/features/catalog/product-card";',
        "import {",
        "  type A,",
        "  b,",
        '} from "../catalog/list";',
        'export * from "~/features/catalog/list";',
        'const lazy = () => import("~/features/catalog/list");',
      ].join("\n"),
      "apps/web/app/components/ui/card.tsx": 'import { list } from "~/features/catalog/list";\n',
      "apps/web/app/lib/helper.ts": 'import "../routes/home";\n',
      "apps/web/app/content/copy.ts": 'export { home } from "~/routes/home";\n',
      "apps/web/app/features/catalog/uses-route.ts": 'import { meta } from "~/routes/home";\n',
      "packages/shared/src/bad.ts": 'import { db } from "../../../apps/api/src/db/client.ts";\n',
      "apps/web/app/lib/api-types.ts": 'import type { App } from "../../../api/src/app.ts";\n',
      "apps/api/src/uses-web.ts": 'import { paths } from "../../web/app/lib/paths";\n',
    });
    const found = checkBoundaries(root)
      .map(({ file, line, rule }) => `${file}:${line} ${rule}`)
      .sort();
    expect(found).toEqual([
      "apps/api/src/uses-web.ts:1 api-to-web",
      "apps/web/app/components/ui/card.tsx:1 upward",
      "apps/web/app/content/copy.ts:1 upward",
      "apps/web/app/features/catalog/uses-route.ts:1 upward",
      "apps/web/app/features/landing/showcase.tsx:1 feature-deep-import",
      "apps/web/app/features/landing/showcase.tsx:2 feature-deep-import",
      "apps/web/app/features/landing/showcase.tsx:6 feature-deep-import",
      "apps/web/app/features/landing/showcase.tsx:7 feature-deep-import",
      "apps/web/app/lib/api-types.ts:1 web-to-api",
      "apps/web/app/lib/helper.ts:1 upward",
      "packages/shared/src/bad.ts:1 shared-to-apps",
    ]);

    const { code, output } = run(root);
    expect(code).toBe(1);
    expect(output).toContain(
      'apps/web/app/features/landing/showcase.tsx:2  feature-deep-import: imports "../catalog/list"',
    );
    expect(output).toContain("11 import boundary violation(s)");
  });

  it("fails on features that import each other through their faces, once per loop", () => {
    const root = tree({
      ...CLEAN,
      "apps/web/app/features/board/index.ts": 'export { Board } from "./board";\n',
      "apps/web/app/features/catalog/uses-board.tsx": 'import { Board } from "~/features/board";\n',
      // A test may set its scene with another feature: not counted.
      "apps/web/app/features/landing/hero.test.ts": 'import { ProductCard } from "~/features/catalog";\n',
      "apps/web/app/features/catalog/hero-test-user.ts": 'import { hero } from "~/features/landing";\n',
    });
    expect(checkBoundaries(root).map(({ rule, specifier }) => `${rule} ${specifier}`)).toEqual([
      "feature-cycle board <-> catalog",
    ]);
    const { code, output } = run(root);
    expect(code).toBe(1);
    expect(output).toContain("apps/web/app/features  feature-cycle: board <-> catalog");
  });

  it("reads every form of import", () => {
    const text = [
      'import a from "a";',
      'import type { B } from "b";',
      'import * as c from "c";',
      'import "d";',
      "import {",
      "  e,",
      '} from "e";',
      'export { f } from "f";',
      'export type { G } from "g";',
      'export * as h from "h";',
      'await import("i");',
      'obj.import("not-an-import");',
    ].join("\n");
    expect(importsOf(text).map(({ specifier }) => specifier)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h", "i"]);
  });
});

/**
 * A throw-away tree of `files`.
 * @param {Record<string, string | null>} files
 */
function tree(files) {
  return folderOf("boundaries-", files);
}

/**
 * Runs the command as `npm run lint` does.
 * @param {string} root
 */
function run(root) {
  return runScript(SCRIPT, root);
}
