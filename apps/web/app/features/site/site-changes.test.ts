import { describe, expect, it } from "vitest";
import { changedFields, formFieldOf } from "./site-changes";
import { EMPTY_PRODUCT, linesOf, productFormSchema } from "./site-form-schemas";

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
});
