import { fillTemplate } from "@app/shared/constants";
import { describe, expect, it } from "vitest";
import { templateValuesFor } from "./template-values";

describe("templateValuesFor", () => {
  it("fills a template for a contact: names, company, the message's products joined, and who replies", () => {
    const values = templateValuesFor(
      {
        firstName: "José",
        lastName: "Rodríguez",
        company: "Rosas del Cotopaxi",
        products: ["Danisaraba", "Chrysal VIVA"],
      },
      "Carolina Vásquez",
    );
    expect(values).toEqual({
      nombre: "José",
      apellido: "Rodríguez",
      empresa: "Rosas del Cotopaxi",
      productos: "Danisaraba, Chrysal VIVA",
      responsable: "Carolina Vásquez",
    });
    expect(fillTemplate("{responsable} para {nombre} {apellido} ({empresa}): {productos}.", values)).toBe(
      "Carolina Vásquez para José Rodríguez (Rosas del Cotopaxi): Danisaraba, Chrysal VIVA.",
    );
  });

  it("a note without products leaves no trace of the variable", () => {
    const values = templateValuesFor({ firstName: "Ana", lastName: "", company: "", products: [] }, "Diego");
    expect(fillTemplate("Hola {nombre} {apellido}, sobre {productos}: gracias.", values)).toBe(
      "Hola Ana, sobre: gracias.",
    );
  });
});
