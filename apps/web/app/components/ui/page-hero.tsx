import type { ReactNode } from "react";

export type PageHeroProps = { eyebrow?: string; title: string; text?: string; children?: ReactNode };

/** The dark banner every inner page starts with; the transparent header sits on it. */
export function PageHero({ eyebrow, title, text, children }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-br from-leaf-950 via-leaf-900 to-leaf-700 px-4 pt-28 pb-14 text-white md:px-8 md:pt-36 md:pb-20">
      <div className="mx-auto max-w-4xl text-center">
        {eyebrow && <p className="mb-3 font-semibold text-petal-100 text-sm uppercase tracking-wider">{eyebrow}</p>}
        <h1 className="text-balance font-bold text-4xl md:text-5xl">{title}</h1>
        {text && <p className="mx-auto mt-5 max-w-2xl text-pretty text-leaf-50 text-lg">{text}</p>}
        {children}
      </div>
    </section>
  );
}
