import { useId, useState } from "react";
import { SectionHeading } from "~/components/ui/section-heading";
import { faqs } from "~/content/landing";

function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <li className="rounded-2xl bg-white ring-1 ring-leaf-100">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-leaf-900"
        >
          {question}
          <span
            aria-hidden="true"
            className="grid size-7 shrink-0 place-items-center rounded-full bg-leaf-50 text-lg text-leaf-800"
          >
            {open ? "-" : "+"}
          </span>
        </button>
      </h3>
      <div id={answerId} hidden={!open} className="px-5 pb-5 text-stone-600">
        {answer}
      </div>
    </li>
  );
}

export function FaqSection() {
  return (
    <section aria-labelledby="faq-titulo" className="mx-auto max-w-3xl px-4 py-20 md:px-8">
      <SectionHeading id="faq-titulo" eyebrow="Preguntas frecuentes" title="Resolvemos sus dudas" />
      <ul className="grid gap-3">
        {faqs.map((faq) => (
          <FaqItem key={faq.question} {...faq} />
        ))}
      </ul>
    </section>
  );
}
