import type { LandingContent } from "@app/shared";

/** The home page's figures, as published: a grid of two columns on a phone, up to four beside. */
export function StatsRow({ stats }: { stats: LandingContent["stats"] }) {
  return (
    <section aria-label="Nuestras cifras" className="relative z-10 mx-auto -mt-12 max-w-6xl px-4 md:px-8">
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-3xl bg-leaf-100 shadow-xl md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse items-center bg-white px-4 py-6 text-center">
            <dt className="text-sm text-stone-600">{stat.label}</dt>
            <dd className="font-bold text-3xl text-leaf-800 md:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
