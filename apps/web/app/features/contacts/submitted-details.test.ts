import { describe, expect, it } from "vitest";
import { detailDifferences } from "./submitted-details";

const STORED = {
  firstName: "María",
  lastName: "Quishpe",
  email: "maria@rosasdelvalle.ec",
  countryCode: "+593",
  phone: "+593991234567",
  company: "Rosas del Valle",
};

describe("detailDifferences", () => {
  it("lists only what differs, the address's case included, in the form's order", () => {
    expect(
      detailDifferences(
        { ...STORED, company: "Rosas S.A.", email: "MARIA@rosasdelvalle.ec", firstName: "Mary" },
        STORED,
      ),
    ).toEqual([
      { label: "Nombre", typed: "Mary", stored: "María" },
      { label: "Correo electrónico", typed: "MARIA@rosasdelvalle.ec", stored: "maria@rosasdelvalle.ec" },
      { label: "Empresa", typed: "Rosas S.A.", stored: "Rosas del Valle" },
    ]);
  });

  it("has nothing to say without typed details, or once they are the stored ones", () => {
    expect(detailDifferences(null, STORED)).toEqual([]);
    expect(detailDifferences({ ...STORED }, STORED)).toEqual([]);
  });
});
