import { describe, expect, it } from "vitest";
import { SERVICE_TYPE_TITLES } from "./constants.ts";
import { serviceTypeBySlug, serviceTypeSlug } from "./contact-links.ts";

describe("service type slugs", () => {
  it("are URL words without accents, one per title", () => {
    expect(serviceTypeSlug("Chrysal Solución Inicial")).toBe("chrysal-solucion-inicial");
    expect(serviceTypeSlug("Chrysal AVB y AVB Booster")).toBe("chrysal-avb-y-avb-booster");
    const slugs = SERVICE_TYPE_TITLES.map(serviceTypeSlug);
    expect(new Set(slugs).size).toBe(SERVICE_TYPE_TITLES.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("lead back to their title, and nowhere for an unknown one", () => {
    for (const title of SERVICE_TYPE_TITLES)
      expect(serviceTypeBySlug(serviceTypeSlug(title), SERVICE_TYPE_TITLES)).toBe(title);
    expect(serviceTypeBySlug("no-existe", SERVICE_TYPE_TITLES)).toBeUndefined();
    expect(serviceTypeBySlug("", SERVICE_TYPE_TITLES)).toBeUndefined();
  });
});
