import { Link } from "react-router";
import { paths } from "~/lib/paths";
import type { ShownProduct } from "~/lib/shown-content";
import { ProductBadge } from "./product-badge";
import { SitePicture } from "./site-picture";

const MAX_FEATURES = 3;

export type ProductCardProps = {
  product: ShownProduct;
  headingLevel?: "h2" | "h3";
  /** Cards in the first row are the page's largest paint on phones: never lazy-load them. */
  eager?: boolean;
};

/**
 * A catalogue card. The title is the link (its name is the product's title); a pseudo-element
 * stretches it over the whole card so the card is clickable anywhere.
 */
export function ProductCard({ product, headingLevel: Heading = "h3", eager = false }: ProductCardProps) {
  const shown = product.features.slice(0, MAX_FEATURES);
  const more = product.features.length - shown.length;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-leaf-100 transition-shadow duration-200 focus-within:ring-2 focus-within:ring-petal-600 hover:shadow-lg">
      <div className="relative aspect-[4/3] bg-leaf-50">
        <SitePicture
          image={product.image}
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          eager={eager}
          className="size-full object-cover"
        />
        {product.badge && (
          <span className="absolute top-3 left-3">
            <ProductBadge badge={product.badge} />
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="font-bold text-leaf-900 text-lg">
          <Link
            to={paths.product(product.slug)}
            preventScrollReset
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {product.title}
          </Link>
        </Heading>
        {/* Plain: the card shows three lines, and the whole card is already one link. */}
        <p className="mt-2 line-clamp-3 text-sm text-stone-600">{product.excerpt}</p>
        {shown.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Características">
            {shown.map((feature) => (
              <li key={feature} className="rounded-full bg-leaf-50 px-3 py-1 text-leaf-800 text-xs">
                {feature}
              </li>
            ))}
            {more > 0 && (
              <li className="rounded-full bg-petal-50 px-3 py-1 font-semibold text-petal-700 text-xs">+{more} más</li>
            )}
          </ul>
        )}
      </div>
    </article>
  );
}
