import { ArrowRight, Briefcase, Car, HeartPulse, Home, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { SectionHeading } from "~/components/ui/section-heading";
import { serviceLines } from "~/content/landing";
import { paths } from "~/lib/paths";

const icons = {
  fianzas: ShieldCheck,
  "seguro-empresarial": Briefcase,
  "seguro-hogar": Home,
  "seguro-auto": Car,
  "seguro-vida": HeartPulse,
} as const;

export function ServiceLinesSection() {
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
            const Icon = icons[line.id as keyof typeof icons] ?? ShieldCheck;
            return (
              <li key={line.id} className="relative flex flex-col rounded-3xl bg-cream p-6 ring-1 ring-leaf-100">
                <Icon className="size-8 text-petal-600" aria-hidden="true" />
                <h3 className="mt-4 font-bold text-leaf-900 text-lg">{line.title}</h3>
                <p className="mt-2 flex-1 text-sm text-stone-600">{line.text}</p>
                <Link
                  to={line.href === "bonds" ? paths.bonds : paths.insurance}
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
