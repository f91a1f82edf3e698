import { PRODUCT_TAB_LABELS, type ProductTab } from "@app/shared/constants";
import { useEffect, useState } from "react";
import { redirect, useNavigate } from "react-router";
import { HydrationBoundary } from "~/components/ui/hydration-boundary";
import { PageHero } from "~/components/ui/page-hero";
import { ProductCard } from "~/features/catalog/product-card";
import { ProductDialog } from "~/features/catalog/product-dialog";
import { ProductTabs } from "~/features/catalog/product-tabs";
import { useRequestInformation } from "~/features/contact-form/use-request-information";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import { publishedSite } from "~/lib/published-site.server";
import { shownProduct } from "~/lib/shown-content.server";
import type { Route } from "./+types/products";

// `/productos/:slug` is the same page with that product's dialog open: a shareable URL with its
// own title and description for search engines and link previews.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { products } = await publishedSite(context);
  // An address of no product on the site (a retired one, a typo) is an unknown path: it leads home,
  // as the server answers it on a full load (contract: unknown paths lead to `/`).
  if (params.slug && !products.some((product) => product.slug === params.slug)) throw redirect(paths.home);
  return { products: products.map(shownProduct) };
}

export const meta: Route.MetaFunction = ({ params, loaderData }) => {
  const product = loaderData?.products.find((item) => item.slug === params.slug);
  if (product) {
    return pageMeta({
      title: product.title,
      description: product.excerpt,
      path: paths.product(product.slug),
      image: product.image?.src,
    });
  }
  return pageMeta({
    title: "Nuestros Productos",
    description:
      "Catálogo Chrysal de protección de cultivos y poscosecha en Ecuador: bioestimulantes, acaricidas, hidratación, transporte y más.",
    path: paths.products,
  });
};

export default function Products({ params, loaderData: { products } }: Route.ComponentProps) {
  const product = products.find((item) => item.slug === params.slug);
  const navigate = useNavigate();
  const requestInformation = useRequestInformation();
  // The category the page opened on (its HTML shows it): kept while dialogs open and close.
  const [initialType] = useState<ProductTab>(product?.tabs[0] ?? "personales");
  const [requested, setRequested] = useState(false);

  // A newly opened product starts with its dialog showing again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every product change
  useEffect(() => setRequested(false), [params.slug]);

  const closeDialog = () => navigate(paths.products, { preventScrollReset: true });

  return (
    <>
      <PageHero
        eyebrow="Catálogo"
        title="Nuestros Productos"
        text="Soluciones Chrysal para proteger el cultivo y cuidar la flor después del corte, con asesoría técnica en cada finca."
      />
      <section className="mx-auto max-w-7xl px-4 py-12 md:px-8">
        <ProductTabs
          initial={initialType}
          panel={(type, shownFirst) => (
            // Each category's cards hydrate apart from the rest of the page.
            <HydrationBoundary>
              <p className="mb-6 text-center text-stone-600">Mostrando productos de {PRODUCT_TAB_LABELS[type]}</p>
              <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {products
                  .filter((item) => item.tabs.includes(type))
                  .map((item, index) => (
                    <ProductCard key={item.slug} product={item} headingLevel="h2" eager={shownFirst && index < 4} />
                  ))}
              </div>
            </HydrationBoundary>
          )}
        />
      </section>
      {/* On a product's own address the dialog is open in the HTML: it hydrates apart from the
          page too, so neither pass is one long task. */}
      <HydrationBoundary>
        <ProductDialog
          product={requested ? undefined : product}
          onClose={closeDialog}
          onRequest={(chosen) => {
            setRequested(true);
            requestInformation(chosen.title);
          }}
        />
      </HydrationBoundary>
    </>
  );
}
