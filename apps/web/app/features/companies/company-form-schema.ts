import "~/lib/zod-browser";
import { type Company, companyFields, hectaresField, rucField, stemsPerWeekField } from "@app/shared";
import { z } from "zod";
import { ApiError } from "~/lib/api-client";
import { fieldProblems } from "~/lib/error-message";

// The company form (`Nueva empresa` and the company page's details): every field is text as typed,
// judged by the API's own rules and messages; hectares take a decimal comma too ("12,5").

/** A number as typed: empty is "not known" (null); a comma counts as the decimal point. */
const typedNumber = (field: typeof hectaresField | typeof stemsPerWeekField) =>
  z
    .string()
    .trim()
    .transform((text) => (text === "" ? null : Number(text.replace(",", "."))))
    .pipe(field);

export const companyFormSchema = z.object({
  name: companyFields.name,
  ruc: rucField,
  province: companyFields.province,
  canton: companyFields.canton,
  address: companyFields.address,
  hectares: typedNumber(hectaresField),
  varieties: companyFields.varieties,
  stemsPerWeek: typedNumber(stemsPerWeekField),
  markets: companyFields.markets,
  notes: companyFields.notes,
});
export type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormValues = z.output<typeof companyFormSchema>;
export type CompanyField = keyof CompanyFormInput;

export const COMPANY_FORM_FIELDS = [
  "name",
  "ruc",
  "province",
  "canton",
  "address",
  "hectares",
  "varieties",
  "stemsPerWeek",
  "markets",
  "notes",
] as const satisfies readonly CompanyField[];

export const EMPTY_COMPANY_FORM: CompanyFormInput = {
  name: "",
  ruc: "",
  province: "",
  canton: "",
  address: "",
  hectares: "",
  varieties: "",
  stemsPerWeek: "",
  markets: "",
  notes: "",
};

/** The form's texts for a stored company. */
export const companyFormValuesOf = (company: Company): CompanyFormInput => ({
  name: company.name,
  ruc: company.ruc ?? "",
  province: company.province,
  canton: company.canton,
  address: company.address,
  hectares: company.hectares === null ? "" : String(company.hectares).replace(".", ","),
  varieties: company.varieties,
  stemsPerWeek: company.stemsPerWeek === null ? "" : String(company.stemsPerWeek),
  markets: company.markets,
  notes: company.notes,
});

/**
 * The refusal's problems under the form's fields: a 400's details, and the 409 of a RUC another
 * company has (it names the field `ruc` too).
 */
export function companyFieldProblems(error: unknown): { field: CompanyField; message: string }[] {
  if (error instanceof ApiError && error.status === 409) {
    const ruc = error.details.find((detail) => detail.path === "ruc");
    return ruc ? [{ field: "ruc", message: ruc.message }] : [];
  }
  return fieldProblems(error, COMPANY_FORM_FIELDS);
}
