import type { COUNTRY_CODE_PRESETS } from "@app/shared/constants";

// Country names for the calling codes the contact form offers (spec section 9): the form's select
// and the CRM's screens read them here.
export const COUNTRY_NAMES: Record<(typeof COUNTRY_CODE_PRESETS)[number], string> = {
  "+593": "Ecuador",
  "+1": "EE. UU. y Canadá",
  "+57": "Colombia",
  "+56": "Chile",
  "+51": "Perú",
  "+31": "Países Bajos",
  "+81": "Japón",
};

/** "+593 (Ecuador)", or the code alone when it is not one of the form's presets. */
export function countryLabel(code: string) {
  const name = (COUNTRY_NAMES as Record<string, string | undefined>)[code];
  return name ? `${code} (${name})` : code;
}
