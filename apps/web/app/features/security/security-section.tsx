import type { ReactNode, Ref } from "react";
import { Notice } from "~/components/ui/notice";

/** What the last action of a section did, said inside that section. */
export type Outcome = { tone: "success" | "problem"; text: string } | null;

export type SecuritySectionProps = {
  id: string;
  title: string;
  description: ReactNode;
  outcome: Outcome;
  /** The heading takes the focus when the control that was used disappears with what it removed. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
};

/** One part of `Seguridad de la cuenta`: a card with its heading (level 2) and the result of its last action. */
export function SecuritySection({ id, title, description, outcome, headingRef, children }: SecuritySectionProps) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <div className="grid gap-1">
        <h2 id={id} ref={headingRef} tabIndex={-1} className="font-bold text-leaf-900 text-lg">
          {title}
        </h2>
        <div className="text-sm text-stone-700">{description}</div>
      </div>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      {children}
    </section>
  );
}
