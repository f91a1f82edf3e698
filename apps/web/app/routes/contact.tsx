import { ContactSection } from "~/features/contact-form/contact-section";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contacto",
    description: "Escríbanos o llámenos: asesoría gratuita sobre productos Chrysal y respuesta en menos de 24 horas.",
    path: paths.contact,
  });

export default function Contact() {
  return (
    // No hero under the header here: it is solid from the top (app.css), over white.
    <div data-solid-header className="bg-white pt-16 md:pt-20">
      <ContactSection headingLevel={1} />
    </div>
  );
}
