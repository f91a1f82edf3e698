import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lazily } from "./lazily";

describe("lazily", () => {
  it("makes the value on the first call only, and never before it", () => {
    let made = 0;
    const value = lazily(() => ({ made: ++made }));
    expect(made).toBe(0);
    expect(value()).toBe(value());
    expect(made).toBe(1);
  });
});

const APP = path.resolve(import.meta.dirname, "..");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the web app's modules", () => {
  it("make no Intl formatter while they load (a page that imports one would pay for the locale data)", () => {
    const eager = sourceFiles(APP).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          /^(?:export )?(?:const|let) \w+ = new Intl\./.test(line) ? [`${path.relative(APP, file)}:${index + 1}`] : [],
        ),
    );
    expect(eager).toEqual([]);
  });
});
