import { PRODUCT_TAB_LABELS } from "@app/shared/constants";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";
import { RichText } from "~/components/ui/rich-text";
import { useContactDetails } from "~/lib/contact-details";
import type { ShownProduct } from "~/lib/shown-content";
import { ProductBadge } from "./product-badge";
import { countWhatsappClick, productWhatsappHref } from "./product-whatsapp";
import { RequestInformationLink } from "./request-information-link";
import { SitePicture } from "./site-picture";

export type ProductDialogProps = {
  product: ShownProduct | undefined;
  onClose: () => void;
  onRequest: (product: ShownProduct) => void;
};

export function ProductDialog({ product, onClose, onRequest }: ProductDialogProps) {
  const { whatsapp } = useContactDetails();
  return (
    <Dialog open={product !== undefined} onClose={onClose} labelledBy="producto-titulo" className="max-w-2xl">
      {product && (
        <div className="flex max-h-[90svh] flex-col">
          {/* Focusable and named so keyboard users can scroll a long description. */}
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
            tabIndex={0}
            aria-labelledby="producto-titulo"
            className="overflow-y-auto"
          >
            <SitePicture
              image={product.image}
              sizes="(min-width: 672px) 672px, 100vw"
              className="aspect-[16/9] w-full bg-leaf-50 object-cover"
            />
            <div className="p-6">
              <div className="flex flex-wrap items-center gap-2">
                {product.badge && <ProductBadge badge={product.badge} />}
                {product.tabs.map((tab) => (
                  <span key={tab} className="rounded-full bg-leaf-50 px-3 py-1 text-leaf-800 text-xs">
                    {PRODUCT_TAB_LABELS[tab]}
                  </span>
                ))}
              </div>
              <h2 id="producto-titulo" className="mt-3 font-bold text-2xl text-leaf-900">
                {product.title}
              </h2>
              <RichText blocks={product.description} className="mt-3 text-stone-700" />
              {product.features.length > 0 && (
                <>
                  <h3 className="mt-6 font-semibold text-leaf-900">Características</h3>
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
                    {product.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                </>
              )}
              {product.presentations.length > 0 && (
                <>
                  <h3 className="mt-6 font-semibold text-leaf-900">Presentación</h3>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {product.presentations.map((item) => (
                      <li
                        key={item}
                        className="rounded-full bg-cream px-3 py-1 text-sm text-stone-700 ring-1 ring-leaf-100"
                      >
                        {item}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          </section>
          {/* method="dialog": Cerrar closes it in the page's HTML too, before or without JavaScript. */}
          <form
            method="dialog"
            className="flex flex-col-reverse gap-3 border-leaf-100 border-t p-4 sm:flex-row sm:justify-end"
          >
            <button
              type="submit"
              onClick={(event) => {
                event.preventDefault();
                onClose();
              }}
              className={buttonStyles.secondary}
            >
              Cerrar
            </button>
            <a
              href={productWhatsappHref(product, whatsapp)}
              target="_blank"
              rel="noopener"
              aria-describedby="producto-whatsapp-nota"
              onClick={() => countWhatsappClick(product.slug)}
              className={buttonStyles.secondary}
            >
              WhatsApp
            </a>
            <span id="producto-whatsapp-nota" className="sr-only">
              Abre una conversación con nosotros en una pestaña nueva.
            </span>
            <RequestInformationLink serviceType={product.title} onRequest={() => onRequest(product)} />
          </form>
        </div>
      )}
    </Dialog>
  );
}
