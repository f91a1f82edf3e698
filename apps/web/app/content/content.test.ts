import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { stats } from "./landing";
import { carouselSlides, servicePanels } from "./services";
import { telHref } from "./site";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../public");

describe("site content (spec sections 1, 3 and 9)", () => {
  it("ships an image for every service slide", () => {
    const images = carouselSlides.map((s) => s.image);
    for (const src of images) expect(existsSync(path.join(publicDir, src)), src).toBe(true);
  });

  it("has the fixed figures of the spec", () => {
    expect(stats.map((s) => s.value)).toEqual(["15+", "5,000+", "98%", "24/7"]);
    expect(carouselSlides.map((s) => s.title)).toEqual([
      "Chrysal Rose Dip",
      "Long Storage Service",
      "Sea Freight Service",
    ]);
    expect(servicePanels.map((p) => p.serviceType)).toEqual([
      "Sistemas de Modelos Predictivos",
      "Aqua Care Technology",
    ]);
  });

  it("builds tel: links from the phone as people write it", () => {
    expect(telHref("+593 2 236-4100")).toBe("tel:+59322364100");
  });
});
