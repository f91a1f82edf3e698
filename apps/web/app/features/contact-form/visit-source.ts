import type { ContactSource } from "@app/shared";

// Where a visit came from (spec: staff want to know which page, campaign or product brought a
// request). Captured on the first page of the visit, so a person who lands from a campaign and
// writes three pages later is still attributed to it. Kept in sessionStorage, like the requested
// titles: it belongs to this tab and disappears with it.

/** What the API calls a request's source, less what the form adds itself (the page, the titles). */
export type VisitSource = Omit<ContactSource, "page" | "requested">;

const STORAGE_KEY = "visit_source";
const UTM: [string, keyof VisitSource][] = [
  ["utm_source", "utmSource"],
  ["utm_medium", "utmMedium"],
  ["utm_campaign", "utmCampaign"],
  ["utm_term", "utmTerm"],
  ["utm_content", "utmContent"],
];
/** The API bounds each text; a longer one is cut rather than failing a person's request. */
const MAX_LENGTH = 500;

/**
 * Remembers the referrer and UTM parameters of the first page of this visit (later pages keep them).
 * The address is read at once (a tap may navigate away); storage, whose first use loads the tab's
 * whole store, waits for a task of its own rather than lengthening hydration's effects.
 */
export function rememberVisitSource() {
  const { search } = window.location;
  const timer = setTimeout(() => remember(search), 0);
  return () => clearTimeout(timer);
}

function remember(search: string) {
  try {
    if (sessionStorage.getItem(STORAGE_KEY)) return;
    const source: VisitSource = {};
    const params = new URLSearchParams(search);
    for (const [param, key] of UTM) {
      const value = params.get(param)?.trim();
      if (value) source[key] = value.slice(0, MAX_LENGTH);
    }
    // A link from another site says where the person came from; our own pages say nothing.
    if (document.referrer && new URL(document.referrer).origin !== window.location.origin) {
      source.referrer = document.referrer.slice(0, MAX_LENGTH);
    }
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(source));
  } catch {
    // Storage disabled or a malformed referrer: attribution is a nicety, never a failure.
  }
}

export function readVisitSource(): VisitSource {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([key, value]) => typeof value === "string" && (key === "referrer" || UTM.some(([, name]) => name === key)),
      ),
    ) as VisitSource;
  } catch {
    return {};
  }
}
