// Country names for the calling codes the contact form offers (spec section 9), for people reading
// a country code on the CRM's screens.
export const COUNTRY_NAMES: Record<string, string> = {
  "+593": "Ecuador",
  "+1": "EE. UU. y Canadá",
  "+57": "Colombia",
  "+56": "Chile",
  "+51": "Perú",
  "+31": "Países Bajos",
  "+81": "Japón",
};

/** "+593 (Ecuador)", or the code alone when it is not one of the form's presets. */
export const countryLabel = (code: string) => (COUNTRY_NAMES[code] ? `${code} (${COUNTRY_NAMES[code]})` : code);
