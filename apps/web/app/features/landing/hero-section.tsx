import type { LandingContent } from "@app/shared";
import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";
import { HeroVideo } from "./hero-video";

/** The home page's first screen: its copy is published content (`Página de inicio` in `Sitio web`). */
export function HeroSection({ hero }: { hero: LandingContent["hero"] }) {
  return (
    <section
      id="inicio"
      aria-labelledby="inicio-titulo"
      className="relative isolate flex min-h-[88svh] items-center overflow-hidden bg-leaf-950 text-white"
    >
      <HeroVideo />
      <div
        className="-z-0 absolute inset-0 bg-gradient-to-r from-leaf-950/85 via-leaf-950/55 to-leaf-950/10"
        aria-hidden="true"
      />
      <div className="relative mx-auto w-full max-w-7xl px-4 pt-24 pb-20 md:px-8">
        <div className="max-w-2xl">
          <p className="mb-4 font-semibold text-petal-100 text-sm uppercase tracking-wider">{hero.eyebrow}</p>
          <h1 id="inicio-titulo" className="text-balance font-bold text-4xl leading-tight md:text-6xl">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-pretty text-leaf-50 text-lg md:text-xl">{hero.text}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.homeSection("productos")} className={buttonStyles.primary}>
              Ver productos
            </Link>
            <Link to={paths.services} className={buttonStyles.onDark}>
              Nuestros servicios
            </Link>
          </div>
          <p className="mt-10 flex items-center gap-2 font-medium text-leaf-50">
            <Sparkles className="size-5 text-petal-100" aria-hidden="true" />
            {hero.claim}
          </p>
        </div>
      </div>
    </section>
  );
}
