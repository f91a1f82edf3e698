import { QUOTE_STATE_LABELS, QUOTE_STATES, type QuoteState } from "@app/shared/constants";
import { ChoiceLinks } from "~/components/ui/choice-links";
import { quotesAddress } from "./quotes-query";

const STATES: (QuoteState | null)[] = [null, ...QUOTE_STATES];

/** `Todas`, `Borrador`, `Enviada`…: links, so the address says which quotes are listed. */
export function QuoteStateFilter({ current }: { current: QuoteState | null }) {
  return (
    <ChoiceLinks
      label="Estado de las cotizaciones"
      choices={STATES.map((state) => ({
        label: state ? QUOTE_STATE_LABELS[state] : "Todas",
        to: quotesAddress({ state, page: 0 }),
        chosen: state === current,
      }))}
    />
  );
}
