import type { LandingContent } from "@app/shared";
import { CheckCircle2, Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { telHref } from "~/content/site";
import { useContactDetails } from "~/lib/contact-details";
import { paths } from "~/lib/paths";

/** The home page's call to action: its copy is published content, its phone the contact details'. */
export function CallToActionBand({ callToAction }: { callToAction: LandingContent["callToAction"] }) {
  const { phone } = useContactDetails();
  return (
    <section aria-labelledby="cta-titulo" className="bg-gradient-to-br from-leaf-800 to-leaf-950 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 md:grid-cols-2 md:items-center md:px-8">
        <div>
          <h2 id="cta-titulo" className="text-balance font-bold text-3xl md:text-4xl">
            {callToAction.title}
          </h2>
          <p className="mt-4 text-leaf-50 text-lg">{callToAction.text}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.contact} className={buttonStyles.primary}>
              Solicitar cotización
            </Link>
            <a href={telHref(phone)} className={buttonStyles.onDark}>
              <Phone className="size-4" aria-hidden="true" />
              Llamar ahora: {phone}
            </a>
          </div>
        </div>
        {callToAction.promises.length > 0 && (
          <ul className="grid gap-4 sm:grid-cols-2">
            {callToAction.promises.map((promise) => (
              <li key={promise} className="flex items-start gap-3 rounded-2xl bg-white/10 p-4">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-petal-100" aria-hidden="true" />
                <span className="font-medium">{promise}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
