import { afterEach, describe, expect, it } from "vitest";
import { brokenCitations } from "./check-citations.mjs";
import { folderOf, removeFolders } from "./script-test-kit.mjs";

const DOCS = {
  "docs/issues.md": "| issue | what |\n|---|---|\n| 13 | Follow-up |\n",
  "docs/spec.md": "# Spec\n\n## 5. Validation rules\n",
  "docs/decisions/046-contact-form-token.md": "# 046 · Token\n",
  "docs/operations.md": "# Operations\n",
};

afterEach(removeFolders);

describe("check-citations", () => {
  it("passes citations of what the repository holds", () => {
    const root = folderOf("citations-", {
      ...DOCS,
      "apps/api/src/a.ts":
        "// Issue 13's stage (spec section 5, decision 046, docs/decisions/046-contact-form-token.md).\n" +
        "// See docs/operations.md; records are docs/decisions/NNN-name.md.\n",
    });
    expect(brokenCitations(root)).toEqual([]);
  });

  it("catches an issue, a section, a decision and a document that are not there", () => {
    const root = folderOf("citations-", {
      ...DOCS,
      "apps/web/app/b.tsx": "// issue 99\n// spec section 12 and decisions/051\n// docs/gone.md\n",
    });
    expect(brokenCitations(root)).toEqual([
      'apps/web/app/b.tsx:1: "issue 99" has no row in docs/issues.md',
      'apps/web/app/b.tsx:2: "spec section 12" is not a section of docs/spec.md',
      'apps/web/app/b.tsx:2: "decisions/051" is not in docs/decisions/',
      "apps/web/app/b.tsx:3: docs/gone.md does not exist",
    ]);
  });
});
