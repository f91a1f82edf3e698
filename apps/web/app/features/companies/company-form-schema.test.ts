import { describe, expect, it } from "vitest";
import { companyFormSchema, companyFormValuesOf, EMPTY_COMPANY_FORM } from "./company-form-schema";

describe("the company form", () => {
  it("reads numbers as typed in Ecuador, and empty ones as not known", () => {
    const parsed = companyFormSchema.parse({
      ...EMPTY_COMPANY_FORM,
      name: " Rosas del Valle ",
      hectares: "12,5",
      stemsPerWeek: " 45000 ",
      ruc: " 1790016919001 ",
    });
    expect(parsed).toMatchObject({
      name: "Rosas del Valle",
      hectares: 12.5,
      stemsPerWeek: 45000,
      ruc: "1790016919001",
    });
    expect(companyFormSchema.parse({ ...EMPTY_COMPANY_FORM, name: "Finca" })).toMatchObject({
      hectares: null,
      stemsPerWeek: null,
      ruc: null,
    });
  });

  it("says under each field what is wrong, in Spanish", () => {
    const result = companyFormSchema.safeParse({
      ...EMPTY_COMPANY_FORM,
      ruc: "1790016918001",
      hectares: "doce",
      stemsPerWeek: "-3",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(messages).toEqual({
      name: "Escribe el nombre de la empresa",
      ruc: "El RUC no es válido: su dígito verificador no coincide.",
      hectares: "Hectáreas: escribe un número",
      stemsPerWeek: "Tallos por semana: no pueden ser negativos",
    });
  });

  it("shows a stored company's hectares with a decimal comma", () => {
    const company = {
      id: 1,
      name: "Finca",
      ruc: null,
      province: "",
      canton: "",
      address: "",
      hectares: 3.75,
      varieties: "",
      stemsPerWeek: null,
      markets: "",
      notes: "",
      createdAt: "",
      updatedAt: "",
      version: 0,
    };
    expect(companyFormValuesOf(company)).toMatchObject({ hectares: "3,75", stemsPerWeek: "", ruc: "" });
  });
});
