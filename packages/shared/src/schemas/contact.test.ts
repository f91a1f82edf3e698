import { describe, expect, it } from "vitest";
import { SERVICE_TYPE_TITLES } from "../constants.ts";
import { inlineMessage, CONTACT_MESSAGES as M, matchServiceType } from "../contact-rules.ts";
import { messagesOf } from "../testing/messages-of.ts";
import { contactFormSchema, contactRequestSchema, toContactRequest } from "./contact.ts";

const validForm = {
  firstName: "María",
  lastName: "Quishpe",
  email: "maria@finca.ec",
  countryCode: "+593",
  phone: "099 123 4567",
  company: "Rosas del Valle",
  message: "Necesito una cotización.",
  services: ["Danisaraba", "Chrysal VIVA"],
  consent: true,
  website: "",
};

describe("contact form schema (spec section 5)", () => {
  it("accepts a complete form and normalises the phone to its digits", () => {
    const parsed = contactFormSchema.parse(validForm);
    expect(parsed.phone).toBe("0991234567");
  });

  it("gives the spec's sentence for every missing field", () => {
    const result = contactFormSchema.safeParse({
      ...validForm,
      firstName: " ",
      lastName: "",
      email: "",
      phone: "",
      company: "",
      services: [],
      consent: false,
    });
    expect(messagesOf(result)).toEqual({
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
      email: M.emailInvalid,
      phone: M.phoneRequired,
      company: M.companyRequired,
      services: M.servicesRequired,
      consent: M.consentRequired,
    });
  });

  it("shows the spec's short texts under the fields", () => {
    expect(inlineMessage(M.firstNameRequired)).toBe("Requerido");
    expect(inlineMessage(M.companyRequired)).toBe("La compañía es requerida");
    expect(inlineMessage(M.emailInvalid)).toBe("Email inválido");
    expect(inlineMessage(M.phoneDigits)).toBe("9-10 dígitos");
    expect(inlineMessage(M.servicesRequired)).toBe("Selecciona al menos un producto o servicio");
  });

  it.each([
    ["12345678", false],
    ["123456789", true],
    ["0991234567", true],
    ["09912345678", false],
    ["099-123-456", true],
    ["0991a34567", false],
  ])("phone %s valid: %s", (phone, valid) => {
    const result = contactFormSchema.safeParse({ ...validForm, phone });
    expect(result.success).toBe(valid);
    if (!valid) expect(messagesOf(result).phone).toBe(M.phoneDigits);
  });

  it("does not require a message, but bounds it", () => {
    expect(contactFormSchema.safeParse({ ...validForm, message: "" }).success).toBe(true);
    expect(messagesOf(contactFormSchema.safeParse({ ...validForm, message: "a".repeat(2001) })).message).toBe(
      M.messageTooLong,
    );
  });
});

describe("contact request schema (POST /api/client)", () => {
  const specRequest = {
    firstName: "Diego",
    lastName: "Andrade",
    email: "diego@export.ec",
    countryCode: "+593",
    phone: "+593987654321",
    company: "Exportadora Andina",
    message: "Hola",
    serviceList: "Chrysal RVB y RVB Clear, Sea Freight Service",
  };

  it("accepts exactly the spec's eight fields and splits the service list", () => {
    const parsed = contactRequestSchema.parse(specRequest);
    expect(parsed.serviceList).toEqual(["Chrysal RVB y RVB Clear", "Sea Freight Service"]);
    expect(parsed.consent).toBeUndefined();
  });

  it("is what the form sends", () => {
    const body = toContactRequest(contactFormSchema.parse(validForm), { fillTimeMs: 12_000 });
    const parsed = contactRequestSchema.parse(body);
    expect(parsed.phone).toBe("+5930991234567");
    expect(parsed.serviceList).toEqual(["Danisaraba", "Chrysal VIVA"]);
  });

  it.each([
    ["another country code", { phone: "+57987654321" }],
    ["too few digits", { phone: "+59398765" }],
    ["letters", { phone: "+593abc654321" }],
  ])("rejects a phone with %s", (_name, change) => {
    expect(messagesOf(contactRequestSchema.safeParse({ ...specRequest, ...change })).phone).toBe(M.phoneMismatch);
  });

  it.each([
    ["a line break in a name", { firstName: "Diego\r\nBcc: x@y.z" }, "firstName"],
    ["NUL in the message", { message: "hola\u0000" }, "message"],
    ["a lone surrogate", { company: "Andina \ud800" }, "company"],
    ["a number for a name", { firstName: 123 }, "firstName"],
    ["null for the email", { email: null }, "email"],
    ["an unknown key", { role: "admin" }, ""],
    ["an empty service list", { serviceList: " , " }, "serviceList"],
  ])("rejects %s", (_name, change, path) => {
    const result = contactRequestSchema.safeParse({ ...specRequest, ...change });
    expect(result.success).toBe(false);
    expect(Object.keys(messagesOf(result))).toContain(path);
  });

  it("keeps line breaks in the message", () => {
    expect(contactRequestSchema.parse({ ...specRequest, message: "línea 1\r\nlínea 2" }).message).toBe(
      "línea 1\r\nlínea 2",
    );
  });
});

describe("auto-selection of requested titles (spec section 4)", () => {
  const titles = SERVICE_TYPE_TITLES;
  it.each([
    ["Chrysal VIVA", "Chrysal VIVA"],
    ["chrysal viva", "Chrysal VIVA"],
    ["Solución Inicial", "Chrysal Solucion Inicial"],
    ["AVB", "Chrysal AVB y AVB Booster"],
    ["Rose Dip Treatment", "Chrysal Rose Dip"],
    ["Modelos de IA predictivos", "Sistemas de Modelos Predictivos"],
    ["Chrysal Nuevo Producto", "Chrysal VIVA"],
  ])("%s selects %s", (requested, expected) => {
    expect(matchServiceType(requested, titles)).toBe(expected);
  });

  it("selects nothing when no word is shared", () => {
    expect(matchServiceType("Fertilizante", titles)).toBeUndefined();
    expect(matchServiceType("", titles)).toBeUndefined();
  });
});
