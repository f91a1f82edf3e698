import { describe, expect, it } from "vitest";
import { telHref } from "./site";

describe("site identity", () => {
  it("builds tel: links from the phone as people write it", () => {
    expect(telHref("+593 2 236-4100")).toBe("tel:+59322364100");
  });
});
