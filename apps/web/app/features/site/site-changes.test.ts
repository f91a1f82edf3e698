import { describe, expect, it } from "vitest";
import { changedFields, formFieldOf } from "./site-changes";
import {
  EMPTY_PRODUCT,
  EMPTY_SERVICE,
  landingFieldOf,
  landingFormSchema,
  landingFormValuesOf,
  linesOf,
  productFormSchema,
  serviceFormSchema,
} from "./site-form-schemas";

describe("the site editor's forms", () => {
  it("names the fields someone else changed in the editor's order, whatever the stored order", () => {
    const before = { tabs: ["empresariales"], description: "a", title: "T", features: ["x"] };
    const after = { title: "T", features: ["y"], description: "b", tabs: ["empresariales"] };
    expect(changedFields(before, after)).toEqual(["Descripción", "Características"]);
    expect(changedFields(before, before)).toEqual([]);
  });

  it("puts an API error under the form field it is about", () => {
    expect(formFieldOf("content.slug")).toBe("slug");
    expect(formFieldOf("content.features.3")).toBe("features");
    expect(formFieldOf("content.image.alt")).toBe("imageAlt");
    expect(formFieldOf("content.address.city")).toBe("city");
    expect(formFieldOf("kind")).toBe("kind");
  });

  it("turns one entry per line into a list, and says what is wrong under the field itself", () => {
    expect(linesOf("  Uno \n\n Dos\n")).toEqual(["Uno", "Dos"]);
    const values = {
      ...EMPTY_PRODUCT,
      title: "Chrysal Clear",
      slug: "chrysal-clear",
      description: "Texto",
      features: "Uno\nDos",
      badge: "Popular" as const,
    };
    expect(productFormSchema.parse(values)).toMatchObject({ features: ["Uno", "Dos"], badge: "Popular", image: null });
    const tooMany = productFormSchema.safeParse({ ...values, features: Array(21).fill("x").join("\n") });
    expect(tooMany.error?.issues.map((issue) => issue.path.join("."))).toEqual(["features"]);
    const noAlt = productFormSchema.safeParse({ ...values, imageSrc: "/images/productos/x.svg", imageAlt: " " });
    expect(noAlt.error?.issues.map((issue) => issue.path.join("."))).toEqual(["imageAlt"]);
  });

  it("makes a service of the form's values: its highlights one per line, no video and no picture as none", () => {
    const values = { ...EMPTY_SERVICE, title: "Cold Chain", eyebrow: "Frío", description: "Texto", highlights: "A\nB" };
    expect(serviceFormSchema.parse(values)).toEqual({
      title: "Cold Chain",
      placement: "slide",
      eyebrow: "Frío",
      description: "Texto",
      highlights: ["A", "B"],
      image: null,
      video: null,
    });
    const badLink = serviceFormSchema.safeParse({ ...values, description: "[x](javascript:alert(1))" });
    expect(badLink.error?.issues.map((issue) => issue.path.join("."))).toEqual(["description"]);
  });

  it("edits the home page's copy as stored, its promises one per line, errors on the nested field", () => {
    const copy = {
      hero: { eyebrow: "E", title: "T", text: "X", claim: "C" },
      stats: [{ value: "15+", label: "Años" }],
      serviceLines: [{ title: "Fianzas", text: "Garantías", icon: "escudo" as const, page: "fianzas" as const }],
      callToAction: { title: "¿Listo?", text: "Hable con nosotros", promises: ["Gratis", "Rápido"] },
    };
    const values = landingFormValuesOf(copy);
    expect(values.callToAction.promises).toBe("Gratis\nRápido");
    expect(landingFormSchema.parse(values)).toEqual(copy);
    const noLabel = landingFormSchema.safeParse({ ...values, stats: [{ value: "15+", label: "" }] });
    expect(noLabel.error?.issues.map((issue) => issue.path.join("."))).toEqual(["stats.0.label"]);
    expect(landingFieldOf("content.stats.0.label")).toBe("stats.0.label");
    expect(landingFieldOf("content.callToAction.promises.1")).toBe("callToAction.promises");
  });
});
