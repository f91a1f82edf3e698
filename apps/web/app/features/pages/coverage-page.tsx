import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { PageHero } from "~/components/ui/page-hero";
import type { CoveragePage as CoveragePageData } from "~/content/coverage";
import { paths } from "~/lib/paths";

/** /fianzas and /seguros: what the landing's service cards promise, with a way to ask for a quote. */
export function CoveragePage({ page }: { page: CoveragePageData }) {
  return (
    <>
      <PageHero eyebrow="Servicios" title={page.title} text={page.intro} />
      <section aria-label={`Tipos de ${page.title.toLowerCase()}`} className="mx-auto max-w-5xl px-4 py-14 md:px-8">
        <ul className="grid gap-6 md:grid-cols-2">
          {page.items.map((item) => (
            <li key={item.title} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-leaf-100">
              <h2 className="flex items-center gap-2 font-bold text-leaf-900 text-xl">
                <CheckCircle2 className="size-5 text-leaf-600" aria-hidden="true" />
                {item.title}
              </h2>
              <p className="mt-3 text-stone-700">{item.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Link to={paths.contact} className={buttonStyles.primary}>
            Solicitar cotización
          </Link>
          <Link to={paths.homeSection("servicios")} className={buttonStyles.secondary}>
            Volver a servicios
          </Link>
        </div>
      </section>
    </>
  );
}
