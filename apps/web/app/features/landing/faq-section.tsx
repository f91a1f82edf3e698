import { useRef } from "react";
import { RichText } from "~/components/ui/rich-text";
import { SectionHeading } from "~/components/ui/section-heading";
import type { ShownFaq } from "~/lib/shown-content";
import { useHydrated } from "~/lib/use-hydrated";
import { usePopoverOpen } from "~/lib/use-popover-open";

/**
 * A question that opens its answer. Its open state is kept by the browser in an empty, unseen
 * popover the question's button toggles (`popovertarget`), so it works in the page's HTML, before
 * and without JavaScript, and stays a button with aria-expanded (decision 036). The answer and the
 * `+`/`-` marker follow that state in CSS (app.css); the script names it for assistive technology.
 */
function FaqItem({ question, answer, index }: ShownFaq & { index: number }) {
  const hydrated = useHydrated();
  const state = useRef<HTMLSpanElement>(null);
  const open = usePopoverOpen(state);
  const stateId = `faq-${index + 1}-abierta`;
  const answerId = `faq-${index + 1}-respuesta`;
  return (
    <li className="faq-item rounded-2xl bg-white ring-1 ring-leaf-100">
      <h3>
        <button
          type="button"
          popoverTarget={stateId}
          aria-expanded={hydrated ? open : undefined}
          aria-controls={answerId}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-leaf-900"
        >
          {question}
          <span
            aria-hidden="true"
            data-follows={hydrated || undefined}
            className="faq-marker grid size-7 shrink-0 place-items-center rounded-full bg-leaf-50 text-lg text-leaf-800"
          >
            {open ? "-" : "+"}
          </span>
        </button>
      </h3>
      <span ref={state} id={stateId} popover="manual" aria-hidden="true" className="popover-state" />
      <div id={answerId} className="faq-answer px-5 pb-5 text-stone-600">
        <RichText blocks={answer} />
      </div>
    </li>
  );
}

/** The questions staff published (`Sitio web`), in their order: none published, no section. */
export function FaqSection({ faqs }: { faqs: ShownFaq[] }) {
  if (faqs.length === 0) return null;
  return (
    <section aria-labelledby="faq-titulo" className="mx-auto max-w-3xl px-4 py-20 md:px-8">
      <SectionHeading id="faq-titulo" eyebrow="Preguntas frecuentes" title="Resolvemos sus dudas" />
      <ul className="grid gap-3">
        {faqs.map((faq, index) => (
          <FaqItem key={faq.question} index={index} {...faq} />
        ))}
      </ul>
    </section>
  );
}
