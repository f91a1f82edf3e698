// The seven colour pairs of the service pills (spec section 9). Each pair is a pale background with
// the same hue's darkest text: well above WCAG AA's 4.5:1. A service keeps its pair on every load and
// every screen because the pair follows the service's id: the first seven services each get a pair of
// their own (unused pairs first), the next ones start the round again.

export const SERVICE_COLOUR_PAIRS = [
  "bg-emerald-100 text-emerald-900",
  "bg-sky-100 text-sky-900",
  "bg-amber-100 text-amber-900",
  "bg-fuchsia-100 text-fuchsia-900",
  "bg-violet-100 text-violet-900",
  "bg-orange-100 text-orange-900",
  "bg-lime-100 text-lime-900",
] as const;

/** The pill's classes for a service type id (ids start at 1). */
export function serviceColour(serviceTypeId: number) {
  const index =
    (((serviceTypeId - 1) % SERVICE_COLOUR_PAIRS.length) + SERVICE_COLOUR_PAIRS.length) % SERVICE_COLOUR_PAIRS.length;
  return SERVICE_COLOUR_PAIRS[index] ?? SERVICE_COLOUR_PAIRS[0];
}
