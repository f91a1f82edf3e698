import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { SectionHeading } from "~/components/ui/section-heading";
import { paths } from "~/lib/paths";
import type { ShownProduct } from "~/lib/shown-content";
import { ProductCard } from "./product-card";

/** The first four products marked `Popular`, in the catalogue's order (what the home page's loader gives). */
export const featuredProducts = <P extends { badge: string | null }>(products: P[]) =>
  products.filter((product) => product.badge === "Popular").slice(0, 4);

export function ProductsShowcase({ featured }: { featured: ShownProduct[] }) {
  return (
    <section id="productos" aria-labelledby="productos-titulo" className="mx-auto max-w-7xl px-4 py-20 md:px-8">
      <SectionHeading
        id="productos-titulo"
        eyebrow="Productos"
        title="Cuidado de la flor del cultivo al florero"
        text="Protección de cultivos y tratamientos de poscosecha Chrysal que los floricultores ecuatorianos usan todos los días."
      />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {featured.map((product) => (
          <ProductCard key={product.slug} product={product} />
        ))}
      </div>
      <div className="mt-10 text-center">
        <Link to={paths.products} className={buttonStyles.secondary}>
          Ver todos los productos
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
