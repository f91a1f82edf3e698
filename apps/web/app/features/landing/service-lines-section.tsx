import type { LandingContent } from "@app/shared";
import type { ServiceLineIcon, ServiceLinePage } from "@app/shared/constants";
import { ArrowRight, Briefcase, Car, HeartPulse, Home, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { SectionHeading } from "~/components/ui/section-heading";
import { paths } from "~/lib/paths";

const icons: Record<ServiceLineIcon, typeof ShieldCheck> = {
  escudo: ShieldCheck,
  maletin: Briefcase,
  hogar: Home,
  auto: Car,
  vida: HeartPulse,
};

const pages: Record<ServiceLinePage, string> = { fianzas: paths.bonds, seguros: paths.insurance };

/** The home page's service cards, as published; none published, no section. */
export function ServiceLinesSection({ serviceLines }: { serviceLines: LandingContent["serviceLines"] }) {
  if (serviceLines.length === 0) return null;
  return (
    <section id="servicios" aria-labelledby="servicios-titulo" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 md:px-8">
        <SectionHeading
          id="servicios-titulo"
          eyebrow="Servicios"
          title="Respaldo para todo su negocio florícola"
          text="Además de nuestros productos, le acompañamos con fianzas y seguros pensados para fincas y exportadoras."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {serviceLines.map((line) => {
            const Icon = icons[line.icon];
            return (
              <li key={line.title} className="relative flex flex-col rounded-3xl bg-cream p-6 ring-1 ring-leaf-100">
                <Icon className="size-8 text-petal-600" aria-hidden="true" />
                <h3 className="mt-4 font-bold text-leaf-900 text-lg">{line.title}</h3>
                <p className="mt-2 flex-1 text-sm text-stone-600">{line.text}</p>
                <Link
                  to={pages[line.page]}
                  className="mt-4 inline-flex items-center gap-1 font-semibold text-leaf-700 text-sm hover:underline"
                >
                  Conocer más<span className="sr-only"> sobre {line.title}</span>
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
