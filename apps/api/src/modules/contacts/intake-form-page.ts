import { CONTACT_FIELD_ORDER, CONTACT_FORM_TOKEN_FIELD, type ContactField, inlineMessage } from "@app/shared/constants";
import render from "dom-serializer";
import { type Document, type Element, Text } from "domhandler";
import { DomUtils, parseDocument } from "htmlparser2";

// The contact page as the server answers a form sent without JavaScript: the prerendered
// `/contacto` page (the same markup the browser app hydrates), with what the person typed put back
// in its fields, each error written under its field and a notice above the form. Editing the
// built page, rather than keeping a second copy of the form here, leaves one form to maintain.
// The hooks are ids and data attributes the form renders on purpose (features/contact-form).

/** What a person sent, as the form's fields name it (`services` may repeat). */
export type FormFields = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  countryCode: string;
  /** The typed code when `countryCode` is the "Otro" option. */
  countryCodeCustom: string;
  phone: string;
  message: string;
  services: string[];
  consent: boolean;
};

export type FormAnswer = {
  fields?: Partial<FormFields>;
  /** Full sentences by field (spec section 5); the field shows the short one. */
  errors?: Partial<Record<ContactField, string>>;
  /** The lines of the notice above the form: a title, then the sentences listed under it. */
  notice?: { title: string; lines: string[] };
  /** Keeps the page's scripts (a page the browser app may hydrate); off for answers to a sent form. */
  keepScripts?: boolean;
  /** The form token the page carries (decision 046). */
  formToken: string;
};

/** The control of each field that has one, by its id in the form. */
const CONTROL_IDS: Record<Exclude<ContactField, "services">, string> = {
  firstName: "contact-firstName",
  lastName: "contact-lastName",
  email: "contact-email",
  company: "contact-company",
  countryCode: "contact-country-code",
  phone: "contact-phone",
  message: "contact-message",
  consent: "contact-consent",
};
const SERVICES_CONTROL = "contact-services";
/** The country-code option that asks for a typed code. */
export const OTHER_COUNTRY_CODE = "otro";

const byId = (document: Document, id: string) =>
  DomUtils.findOne((element) => element.attribs.id === id, document.children, true);

const all = (document: Document, test: (element: Element) => boolean) => DomUtils.findAll(test, document.children);

function setText(element: Element, text: string) {
  for (const child of [...element.children]) DomUtils.removeElement(child);
  DomUtils.appendChild(element, new Text(text));
}

function addToken(element: Element, attribute: string, token: string) {
  const tokens = new Set((element.attribs[attribute] ?? "").split(/\s+/).filter(Boolean));
  tokens.add(token);
  element.attribs[attribute] = [...tokens].join(" ");
}

function fillFields(document: Document, fields: Partial<FormFields>, hydrated: boolean) {
  for (const name of ["firstName", "lastName", "email", "company", "phone"] as const) {
    const input = byId(document, CONTROL_IDS[name]);
    const value = fields[name];
    if (input && value !== undefined) input.attribs.value = value;
  }
  const message = byId(document, CONTROL_IDS.message);
  if (message && fields.message !== undefined) setText(message, fields.message);

  const select = byId(document, CONTROL_IDS.countryCode);
  if (select && fields.countryCode !== undefined) {
    const options = select.children.filter(
      (child): child is Element => DomUtils.isTag(child) && child.name === "option",
    );
    const chosen = options.find((option) => option.attribs.value === fields.countryCode);
    if (chosen) {
      for (const option of options) delete option.attribs.selected;
      chosen.attribs.selected = "";
    }
  }
  const custom = byId(document, "contact-country-code-other");
  if (custom && fields.countryCodeCustom) custom.attribs.value = fields.countryCodeCustom;

  if (fields.services) checkServices(document, fields.services, !hydrated);
  // Only a sent form says whether consent was given; a page opened with `?interes=` leaves it as built.
  const consent = byId(document, CONTROL_IDS.consent);
  if (consent && fields.consent !== undefined) {
    if (fields.consent) consent.attribs.checked = "";
    else delete consent.attribs.checked;
  }
}

/**
 * Ticks the given services in the list and, on a page no script will hydrate, says how many on the
 * list's button (text the app renders itself: changing it under a hydrating page is a mismatch).
 */
function checkServices(document: Document, titles: readonly string[], sayCount: boolean) {
  const boxes = all(
    document,
    (element) => element.name === "input" && element.attribs.name === "services" && element.attribs.type === "checkbox",
  );
  let count = 0;
  for (const box of boxes) {
    if (titles.includes(box.attribs.value ?? "")) {
      box.attribs.checked = "";
      count += 1;
    } else {
      delete box.attribs.checked;
    }
  }
  const label = sayCount ? byId(document, `${SERVICES_CONTROL}-count`) : null;
  if (label && count > 0) setText(label, `${count} ${count === 1 ? "seleccionado" : "seleccionados"}`);
}

/** The control an error belongs to: the typed country code when "Otro" was chosen. */
function controlOf(document: Document, field: ContactField) {
  if (field === "services") return byId(document, SERVICES_CONTROL);
  const custom = field === "countryCode" ? byId(document, "contact-country-code-other") : null;
  return custom?.attribs.value ? custom : byId(document, CONTROL_IDS[field]);
}

function markErrors(document: Document, errors: Partial<Record<ContactField, string>>) {
  let first: Element | undefined;
  for (const field of CONTACT_FIELD_ORDER) {
    const sentence = errors[field];
    if (!sentence) continue;
    const lineFor = field === "services" ? SERVICES_CONTROL : CONTROL_IDS[field];
    const errorLine = DomUtils.findOne((element) => element.attribs["data-error-for"] === lineFor, document.children);
    if (errorLine) {
      errorLine.attribs.id = `${lineFor}-error`;
      setText(errorLine, inlineMessage(sentence));
    }
    const control = controlOf(document, field);
    if (!control) continue;
    control.attribs["aria-invalid"] = "true";
    if (errorLine) addToken(control, "aria-describedby", `${lineFor}-error`);
    first ??= control;
  }
  // The browser puts the keyboard in the first field to correct, as the app's dialog would.
  if (first) first.attribs.autofocus = "";
}

function writeNotice(document: Document, notice: { title: string; lines: string[] }) {
  const box = byId(document, "contact-form-notice");
  if (!box) return;
  const title = parseDocument("<p></p>").children[0] as Element;
  setText(title, notice.title);
  DomUtils.appendChild(box, title);
  if (notice.lines.length === 0) return;
  const list = parseDocument("<ul></ul>").children[0] as Element;
  for (const line of notice.lines) {
    const item = parseDocument("<li></li>").children[0] as Element;
    setText(item, line);
    DomUtils.appendChild(list, item);
  }
  DomUtils.appendChild(box, list);
}

/** Scripts and their preloads go: the answer is a plain page, never hydrated over edited fields. */
function removeScripts(document: Document) {
  const scripts = all(
    document,
    (element) =>
      (element.name === "script" && !/json/.test(element.attribs.type ?? "")) ||
      (element.name === "link" && element.attribs.rel === "modulepreload"),
  );
  for (const script of scripts) DomUtils.removeElement(script);
}

/**
 * The rendered `/contacto` page (`page`) answering a sent form, or opened with `?interes=` (then
 * only `services` is given and the scripts are kept).
 */
export function contactFormPage(page: string, answer: FormAnswer): string {
  const document = parseDocument(page);
  const token = DomUtils.findOne(
    (element) => element.name === "input" && element.attribs.name === CONTACT_FORM_TOKEN_FIELD,
    document.children,
  );
  if (token) token.attribs.value = answer.formToken;
  if (answer.fields) fillFields(document, answer.fields, answer.keepScripts === true);
  if (answer.errors) markErrors(document, answer.errors);
  if (answer.notice) writeNotice(document, answer.notice);
  if (!answer.keepScripts) removeScripts(document);
  return render(document, { encodeEntities: "utf8" });
}
