import { PageHero } from "~/components/ui/page-hero";
import type { LegalSection } from "~/content/legal";

export type LegalPageProps = { title: string; intro: string; sections: LegalSection[]; footnote?: string };

export function LegalPage({ title, intro, sections, footnote }: LegalPageProps) {
  return (
    <>
      <PageHero title={title} />
      <article className="mx-auto max-w-3xl px-4 py-14 text-stone-700 md:px-8">
        <p className="text-lg">{intro}</p>
        {sections.map((section) => (
          <section key={section.title} className="mt-10">
            <h2 className="font-bold text-leaf-900 text-xl">{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        {footnote && <p className="mt-12 text-sm text-stone-600">{footnote}</p>}
      </article>
    </>
  );
}
