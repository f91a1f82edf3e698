import { HydrationBoundary } from "~/components/ui/hydration-boundary";
import { PageHero } from "~/components/ui/page-hero";
import { ServicePanel } from "~/features/catalog/service-panel";
import { ServicesCarousel } from "~/features/catalog/services-carousel";
import { useRequestInformation } from "~/features/contact-form/use-request-information";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import { publishedSite } from "~/lib/published-site.server";
import { shownService } from "~/lib/shown-content.server";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Nuestros Servicios",
    description:
      "Modelos predictivos con inteligencia artificial, tratamiento de agua Aqua Care, Rose Dip, almacenamiento prolongado y transporte marítimo de flores.",
    path: paths.services,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await publishedSite(context);
  return {
    panels: services.filter((service) => service.placement === "panel").map(shownService),
    slides: services.filter((service) => service.placement === "slide").map(shownService),
  };
}

/** The services staff published (`Sitio web`): their panels, then the others as slides. */
export default function Services({ loaderData }: Route.ComponentProps) {
  const requestInformation = useRequestInformation();
  return (
    <>
      <PageHero
        eyebrow="Servicios"
        title="Nuestros Servicios"
        text="Tecnología y acompañamiento técnico para que cada tallo llegue a su destino en su mejor momento."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 md:px-8">
        {/* Each panel and the carousel hydrate apart from the rest of the page. */}
        {loaderData.panels.map((service, index) => (
          <HydrationBoundary key={service.title}>
            <ServicePanel
              service={service}
              reversed={index % 2 === 1}
              eager={index === 0}
              onRequest={requestInformation}
            />
          </HydrationBoundary>
        ))}
      </div>
      <div className="px-4 pb-20 md:px-8">
        <HydrationBoundary>
          <ServicesCarousel slides={loaderData.slides} onRequest={requestInformation} />
        </HydrationBoundary>
      </div>
    </>
  );
}
