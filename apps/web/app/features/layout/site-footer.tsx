import type { PartnerContent } from "@app/shared";
import { Handshake, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { formatAddress, site, telHref } from "~/content/site";
import { useContactDetails, usePartners } from "~/lib/contact-details";
import { paths } from "~/lib/paths";
import { BrandMark } from "./brand-mark";
import { navLinks } from "./nav-links";

function PartnerCard({ partner }: { partner: PartnerContent }) {
  return (
    <li className="flex items-start gap-3 rounded-2xl bg-white/5 p-4 ring-1 ring-white/10">
      <Handshake className="mt-0.5 size-5 shrink-0 text-petal-100" aria-hidden="true" />
      <div>
        <p className="font-semibold text-white">{partner.name}</p>
        <p className="text-leaf-100 text-sm">{partner.description}</p>
      </div>
    </li>
  );
}

export function SiteFooter() {
  const contact = useContactDetails();
  const partners = usePartners();
  const strategic = partners.filter((partner) => partner.group === "estrategico");
  const distributors = partners.filter((partner) => partner.group === "distribuidor");
  return (
    <footer id="socios" className="bg-leaf-950 text-leaf-100">
      <section aria-labelledby="socios-titulo" className="mx-auto max-w-7xl px-4 py-14 md:px-8">
        <h2 id="socios-titulo" className="mb-8 font-bold text-2xl text-white">
          Nuestros socios
        </h2>
        <div className="grid gap-8 md:grid-cols-3">
          {strategic.length > 0 && (
            <div>
              <h3 className="mb-3 font-semibold text-petal-100 text-sm uppercase tracking-wider">Socio estratégico</h3>
              <ul className="grid gap-4">
                {strategic.map((partner) => (
                  <PartnerCard key={partner.name} partner={partner} />
                ))}
              </ul>
            </div>
          )}
          {distributors.length > 0 && (
            <div className="md:col-span-2">
              <h3 className="mb-3 font-semibold text-petal-100 text-sm uppercase tracking-wider">
                Distribuidores autorizados
              </h3>
              <ul className="grid gap-4 sm:grid-cols-2">
                {distributors.map((partner) => (
                  <PartnerCard key={partner.name} partner={partner} />
                ))}
              </ul>
            </div>
          )}
        </div>
      </section>
      <div className="border-white/10 border-t">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-3 md:px-8">
          <div>
            <p className="flex items-center gap-2 font-bold text-lg text-white">
              <BrandMark />
              {site.name}
            </p>
            <p className="mt-3 text-sm">{site.tagline}.</p>
          </div>
          <nav aria-label="Pie de página">
            <ul className="grid gap-2 text-sm">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to={paths.products} className="hover:text-white hover:underline">
                  Catálogo de productos
                </Link>
              </li>
              <li>
                <Link to={paths.contact} className="hover:text-white hover:underline">
                  Contacto
                </Link>
              </li>
            </ul>
          </nav>
          <address className="grid gap-3 text-sm not-italic">
            <a href={telHref(contact.phone)} className="flex items-center gap-2 hover:text-white">
              <Phone className="size-4" aria-hidden="true" />
              {contact.phone}
            </a>
            <a href={`mailto:${contact.email}`} className="flex items-center gap-2 hover:text-white">
              <Mail className="size-4" aria-hidden="true" />
              {contact.email}
            </a>
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {formatAddress(contact.address)}
            </p>
          </address>
        </div>
      </div>
      <div className="border-white/10 border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between md:px-8">
          <p>
            © {site.copyrightYear} {site.legalName} Todos los derechos reservados.
          </p>
          <ul className="flex gap-6">
            <li>
              <Link to={paths.terms} className="underline-offset-4 hover:text-white hover:underline">
                Términos y condiciones
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className="underline-offset-4 hover:text-white hover:underline">
                Aviso de privacidad
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
