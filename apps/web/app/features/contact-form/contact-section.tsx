import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { SectionHeading } from "~/components/ui/section-heading";
import { formatAddress, telHref, whatsappHref } from "~/content/site";
import { useContactDetails } from "~/lib/contact-details";
import { ContactFormSlot } from "./contact-form-slot";

function Channel({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-leaf-50 text-leaf-700">{icon}</span>
      <div>
        <p className="font-semibold text-leaf-900 text-sm">{label}</p>
        <div className="text-stone-700">{children}</div>
      </div>
    </li>
  );
}

export type ContactSectionProps = { headingLevel?: 1 | 2 };

/** The contact section of `/` (id contacto) and of `/contacto`. */
export function ContactSection({ headingLevel = 2 }: ContactSectionProps) {
  const Subheading = headingLevel === 1 ? "h2" : "h3";
  const contact = useContactDetails();
  return (
    <section id="contacto" aria-labelledby="contacto-titulo" className="bg-white py-20">
      <div className="mx-auto max-w-6xl px-4 md:px-8">
        <SectionHeading
          id="contacto-titulo"
          level={headingLevel}
          eyebrow="Contacto"
          title="Contáctanos"
          text="Cuéntanos qué necesita tu finca o tu empresa: te respondemos en menos de 24 horas."
        />
        <div className="grid gap-10 md:grid-cols-5">
          <ul className="grid content-start gap-6 md:col-span-2">
            <Channel icon={<Phone className="size-5" aria-hidden="true" />} label="Teléfono">
              <a href={telHref(contact.phone)} className="underline-offset-4 hover:underline">
                {contact.phone}
              </a>
            </Channel>
            <Channel icon={<MessageCircle className="size-5" aria-hidden="true" />} label="WhatsApp">
              <a href={whatsappHref(contact.whatsapp)} className="underline-offset-4 hover:underline" rel="noopener">
                {contact.whatsapp}
              </a>
            </Channel>
            <Channel icon={<Mail className="size-5" aria-hidden="true" />} label="Correo electrónico">
              <a href={`mailto:${contact.email}`} className="underline-offset-4 hover:underline">
                {contact.email}
              </a>
            </Channel>
            <Channel icon={<MapPin className="size-5" aria-hidden="true" />} label="Dirección">
              {formatAddress(contact.address)}
            </Channel>
            <Channel icon={<Clock className="size-5" aria-hidden="true" />} label="Horario de atención">
              {contact.hours}
            </Channel>
          </ul>
          <div className="grid content-start gap-4 rounded-3xl bg-cream p-5 ring-1 ring-leaf-100 sm:p-8 md:col-span-3">
            <Subheading className="font-bold text-leaf-900 text-xl">Formulario de contacto</Subheading>
            <ContactFormSlot />
          </div>
        </div>
      </div>
    </section>
  );
}
