// Reply templates and staff signatures: limits, variables, Spanish texts, and the functions both the
// browser (the editor's preview, the reply picker) and the API (the reply email) use. Zod-free; the
// zod schemas in schemas/reply-templates.ts and schemas/signature.ts are built from these.

export const REPLY_TEMPLATE_LIMITS = { name: 80, body: 5000 } as const;

export const SIGNATURE_LIMITS = {
  jobTitle: 80,
  /** Room for separators: `+593 (99) 123-4567`. */
  phone: 30,
  /**
   * The contact form's rule for one field: a country code of 1 to 4 digits and a number of 9 or 10
   * (CONTACT_LIMITS), so 10 to 14 digits after the `+`.
   */
} as const;

export const REPLY_TEMPLATE_MESSAGES = {
  nameRequired: "Escribe el nombre de la plantilla",
  nameTooLong: `El nombre no puede superar los ${REPLY_TEMPLATE_LIMITS.name} caracteres`,
  nameSingleLine: "El nombre no puede contener saltos de línea",
  bodyRequired: "Escribe el texto de la plantilla",
  bodyTooLong: `El texto no puede superar los ${REPLY_TEMPLATE_LIMITS.body} caracteres`,
  badCharacters: "El texto contiene caracteres no válidos",
  nameTaken: "Ya existe una plantilla con ese nombre",
  notFound: "No existe esa plantilla.",
} as const;

export const SIGNATURE_MESSAGES = {
  jobTitleTooLong: `El cargo no puede superar los ${SIGNATURE_LIMITS.jobTitle} caracteres`,
  phoneInvalid:
    "Escribe el número en formato internacional: + y el código de país, seguido del número (+593 99 123 4567)",
  singleLine: "El texto no puede contener saltos de línea ni caracteres de control",
  badCharacters: "El texto contiene caracteres no válidos",
} as const;

/** What a template may say in braces, and what each one becomes (the editor's help text). */
export const TEMPLATE_VARIABLES = [
  { name: "nombre", description: "Nombre del contacto" },
  { name: "apellido", description: "Apellido del contacto" },
  { name: "empresa", description: "Empresa del contacto" },
  { name: "productos", description: "Productos o servicios del mensaje que se responde, separados por comas" },
  { name: "responsable", description: "Nombre de quien responde" },
] as const;

export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]["name"];
export type TemplateValues = Record<TemplateVariable, string>;

const VARIABLE_NAMES = new Set<string>(TEMPLATE_VARIABLES.map((variable) => variable.name));
const isVariable = (name: string): name is TemplateVariable => VARIABLE_NAMES.has(name);

/** `{word}`: anything in braces without spaces; only the names above are filled. */
const PLACEHOLDER = /\{([^{}\s]+)\}/g;
/** What may follow a removed empty value without a space before it. */
const CLOSES_PHRASE = /^[\s,.;:!?)]/;

/**
 * The template with each `{variable}` replaced by its value (trimmed). An unknown `{word}` stays as
 * written, so a typo shows in the preview instead of vanishing. An empty value takes one space with
 * it ("Hola {nombre} {apellido}:" -> "Hola Ana:"), so no double space or space before a comma is left.
 * Values are inserted once: a value that contains `{nombre}` is not filled again.
 */
export function fillTemplate(body: string, values: TemplateValues): string {
  let out = "";
  let rest = 0;
  for (const match of body.matchAll(PLACEHOLDER)) {
    const [token, name = ""] = match;
    out += body.slice(rest, match.index);
    rest = match.index + token.length;
    if (!isVariable(name)) {
      out += token;
      continue;
    }
    const value = values[name].trim();
    if (value) {
      out += value;
      continue;
    }
    const next = body.slice(rest);
    if (/[ \t]$/.test(out) && (next === "" || CLOSES_PHRASE.test(next))) {
      out = out.replace(/[ \t]+$/, "");
    } else if (out === "" || out.endsWith("\n")) {
      // At the start of a line the space after it goes instead.
      rest += /^[ \t]*/.exec(next)?.[0].length ?? 0;
    }
  }
  return out + body.slice(rest);
}

/** The `{words}` of a template that are not variables (the editor warns about them). */
export function unknownVariables(body: string): string[] {
  const unknown = new Set<string>();
  for (const [token, name = ""] of body.matchAll(PLACEHOLDER)) if (!isVariable(name)) unknown.add(token);
  return [...unknown];
}

/** Who signs a reply: their name, then what they chose to add. */
export type Signature = {
  displayName: string;
  jobTitle: string | null;
  phone: string | null;
  whatsapp: string | null;
};

/** The signature as lines of text: the reply email's text part and the "Mi firma" preview. */
export function signatureLines(signature: Signature): string[] {
  return [
    signature.displayName,
    signature.jobTitle,
    signature.phone && `Teléfono: ${signature.phone}`,
    signature.whatsapp && `WhatsApp: ${signature.whatsapp}`,
  ].filter((line): line is string => Boolean(line));
}
