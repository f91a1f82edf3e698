import { describe, expect, it } from "vitest";
import { slugOf } from "../site-public.ts";
import { SITE_MESSAGES as M } from "../site-rules.ts";
import { messagesOf } from "../testing/messages-of.ts";
import { contactDetailsSchema, productContentSchema } from "./site.ts";

const product = {
  title: "Chrysal RVB y RVB Clear",
  slug: "chrysal-rvb",
  description: "Tratamiento de hidratación para rosas.\nSe aplica tras el corte.",
  features: ["Dosis: 5 mL/L", "Para rosas"],
  presentations: ["Bidón de 5 L"],
  tabs: ["empresariales"],
  badge: "Popular",
  image: { src: "/images/products/chrysal-rvb.svg", alt: "Bidón de Chrysal RVB" },
};

describe("a product's content", () => {
  it("takes a whole product and tidies its text", () => {
    const parsed = productContentSchema.parse({ ...product, title: "  Chrysal RVB y RVB Clear " });
    expect(parsed.title).toBe("Chrysal RVB y RVB Clear");
    expect(parsed.description).toContain("\n");
  });

  it("may have no picture, no badge, no features and no presentations", () => {
    const bare = { ...product, image: null, badge: null, features: [], presentations: [] };
    expect(productContentSchema.safeParse(bare).success).toBe(true);
  });

  it("names each field that is missing or wrong, in Spanish", () => {
    const result = productContentSchema.safeParse({
      ...product,
      title: " ",
      slug: "Chrysal RVB",
      description: "",
      tabs: [],
      image: { src: "/images/products/chrysal-rvb.svg", alt: "" },
    });
    expect(messagesOf(result)).toEqual({
      title: M.titleRequired,
      slug: M.slugInvalid,
      description: M.descriptionRequired,
      tabs: M.tabsRequired,
      "image.alt": M.imageAltRequired,
    });
  });

  it("refuses pictures from anywhere but the site's own images", () => {
    for (const src of [
      "https://otro.example/x.png",
      "javascript:alert(1)",
      "data:image/svg+xml,<svg/>",
      "/images/../api/x.svg",
      "//otro.example/images/x.svg",
      "/images/x.html",
    ]) {
      const result = productContentSchema.safeParse({ ...product, image: { src, alt: "Algo" } });
      expect(messagesOf(result), src).toEqual({ "image.src": M.imageSourceInvalid });
    }
    expect(
      productContentSchema.safeParse({ ...product, image: { src: "/media/site/12-640.webp", alt: "Algo" } }).success,
    ).toBe(true);
  });

  it("keeps the lists in bounds: 20 features at most, each tab once, no empty line", () => {
    const many = Array.from({ length: 21 }, (_, index) => `Característica ${index + 1}`);
    expect(messagesOf(productContentSchema.safeParse({ ...product, features: many }))).toEqual({
      features: M.tooManyFeatures,
    });
    expect(messagesOf(productContentSchema.safeParse({ ...product, tabs: ["personales", "personales"] }))).toEqual({
      tabs: M.tabsRepeated,
    });
    expect(messagesOf(productContentSchema.safeParse({ ...product, features: ["Uno", " "] }))).toEqual({
      "features.1": M.featureRequired,
    });
  });

  it("refuses unknown fields and control characters", () => {
    expect(productContentSchema.safeParse({ ...product, precio: 10 }).success).toBe(false);
    expect(messagesOf(productContentSchema.safeParse({ ...product, title: "RVB\u0000" }))).toEqual({
      title: M.badCharacters,
    });
  });
});

describe("the site's contact details", () => {
  const details = {
    phone: "+593 2 236 4100",
    whatsapp: "+593 99 123 4567",
    email: "info@florapro.ec",
    address: { street: "Av. Panamericana Norte km 5", city: "Cayambe", region: "Pichincha", country: "Ecuador" },
    hours: "Lunes a viernes, 08:00 a 17:30",
  };

  it("takes today's details", () => {
    expect(contactDetailsSchema.parse(details)).toEqual(details);
  });

  it("names what is wrong", () => {
    const result = contactDetailsSchema.safeParse({
      ...details,
      phone: "2364100",
      whatsapp: "",
      email: "info@",
      address: { ...details.address, city: "" },
    });
    expect(messagesOf(result)).toEqual({
      phone: M.phoneInvalid,
      whatsapp: M.whatsappRequired,
      email: M.emailInvalid,
      "address.city": M.addressRequired,
    });
  });
});

describe("slugOf", () => {
  it("makes a page address from a title", () => {
    expect(slugOf("Chrysal Solución Inicial")).toBe("chrysal-solucion-inicial");
    expect(slugOf("  Chrysal AVB y AVB Booster! ")).toBe("chrysal-avb-y-avb-booster");
    expect(slugOf("Ñandú 2000")).toBe("nandu-2000");
  });
});
