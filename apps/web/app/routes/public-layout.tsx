import { useEffect } from "react";
import { Outlet } from "react-router";
import { HydrationBoundary } from "~/components/ui/hydration-boundary";
import { rememberVisitSource } from "~/features/contact-form/visit-source";
import { SiteFooter } from "~/features/layout/site-footer";
import { SiteHeader } from "~/features/layout/site-header";
import { publishedSite } from "~/lib/published-site.server";
import type { Route } from "./+types/public-layout";

/** What every public page shows: the contact details (footer, contact section, JSON-LD) and the partners. */
export async function loader({ context }: Route.LoaderArgs) {
  const { contactDetails, partners } = await publishedSite(context);
  return { contactDetails, partners };
}

export default function PublicLayout() {
  useEffect(rememberVisitSource, []);
  return (
    <>
      <a
        href="#contenido"
        className="-translate-y-20 fixed top-2 left-2 z-50 rounded-full bg-white px-4 py-2 font-semibold text-leaf-900 shadow focus:translate-y-0"
      >
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido">
        <Outlet />
      </main>
      <HydrationBoundary>
        <SiteFooter />
      </HydrationBoundary>
    </>
  );
}
