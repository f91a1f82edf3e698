import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";

// Where the contact form sent without JavaScript leads once the request is stored (the server's
// 303 after `POST /contacto`): reloading it sends nothing again.
export const meta = () => [
  ...pageMeta({
    title: "Mensaje enviado",
    description: "Hemos recibido tu mensaje y te responderemos en menos de 24 horas.",
    path: paths.contactThanks,
  }),
  { name: "robots", content: "noindex" },
];

export default function ContactThanks() {
  return (
    <>
      <PageHero eyebrow="Contacto" title="¡Mensaje enviado!" />
      <section className="mx-auto grid max-w-2xl justify-items-center gap-6 px-4 py-16 text-center md:px-8">
        <CircleCheck className="size-12 text-leaf-600" aria-hidden="true" />
        <p role="status" className="text-lg text-stone-700">
          Hemos recibido tu mensaje. Te responderemos en menos de 24 horas.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={paths.home} className={buttonStyles.primary}>
            Volver al inicio
          </Link>
          <Link to={paths.products} className={buttonStyles.secondary}>
            Ver productos
          </Link>
        </div>
      </section>
    </>
  );
}
