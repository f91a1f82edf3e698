import { HydrationBoundary } from "~/components/ui/hydration-boundary";
import { site } from "~/content/site";
import { featuredProducts, ProductsShowcase } from "~/features/catalog/products-showcase";
import { ContactSection } from "~/features/contact-form/contact-section";
import { CallToActionBand } from "~/features/landing/call-to-action-band";
import { FaqSection } from "~/features/landing/faq-section";
import { HeroSection } from "~/features/landing/hero-section";
import { HERO_POSTER, HERO_POSTER_MOBILE } from "~/features/landing/hero-video";
import { ServiceLinesSection } from "~/features/landing/service-lines-section";
import { StatsRow } from "~/features/landing/stats-row";
import { TestimonialsSection } from "~/features/landing/testimonials-section";
import { organizationJsonLd } from "~/features/seo/organization";
import { pageMeta } from "~/features/seo/page-meta";
import { PUBLIC_LAYOUT, type PublicLayoutData } from "~/lib/contact-details";
import { paths } from "~/lib/paths";
import { publishedSite } from "~/lib/published-site.server";
import { shownFaq, shownProduct } from "~/lib/shown-content.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const layout = matches.find((match) => match?.id === PUBLIC_LAYOUT)?.data as PublicLayoutData | undefined;
  return [
    ...pageMeta({ title: site.name, description: site.description, path: paths.home }),
    ...(layout ? [{ "script:ld+json": organizationJsonLd(layout.contactDetails) }] : []),
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const { products, landing, testimonials, faqs } = await publishedSite(context);
  return { landing, featured: featuredProducts(products).map(shownProduct), testimonials, faqs: faqs.map(shownFaq) };
}

// The poster is the largest paint: fetch the one that fits the screen before anything else.
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", href: HERO_POSTER_MOBILE, media: "(max-width: 767px)", fetchPriority: "high" },
  { rel: "preload", as: "image", href: HERO_POSTER, media: "(min-width: 768px)", fetchPriority: "high" },
];

// Below the hero, each section hydrates apart from the rest of the page (HydrationBoundary).
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HeroSection hero={loaderData.landing.hero} />
      <HydrationBoundary>
        <StatsRow stats={loaderData.landing.stats} />
      </HydrationBoundary>
      <HydrationBoundary>
        <ProductsShowcase featured={loaderData.featured} />
      </HydrationBoundary>
      <HydrationBoundary>
        <ServiceLinesSection serviceLines={loaderData.landing.serviceLines} />
      </HydrationBoundary>
      <HydrationBoundary>
        <TestimonialsSection testimonials={loaderData.testimonials} />
      </HydrationBoundary>
      <HydrationBoundary>
        <CallToActionBand callToAction={loaderData.landing.callToAction} />
      </HydrationBoundary>
      <HydrationBoundary>
        <FaqSection faqs={loaderData.faqs} />
      </HydrationBoundary>
      {/* Not apart: its form is a deferred component (see HydrationBoundary). */}
      <ContactSection />
    </>
  );
}
