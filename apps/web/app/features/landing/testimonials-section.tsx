import type { TestimonialContent } from "@app/shared";
import { SectionHeading } from "~/components/ui/section-heading";
import { StarRating } from "~/components/ui/star-rating";

/** What clients said, as staff published it (`Sitio web`): none published, no section. */
export function TestimonialsSection({ testimonials }: { testimonials: TestimonialContent[] }) {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonios-titulo" className="mx-auto max-w-7xl px-4 py-20 md:px-8">
      <SectionHeading id="testimonios-titulo" eyebrow="Testimonios" title="Lo que dicen nuestros clientes" />
      <ul className="grid gap-6 md:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={`${testimonial.name}|${testimonial.role}|${testimonial.quote.slice(0, 40)}`}>
            <figure className="flex h-full flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-leaf-100">
              <StarRating rating={testimonial.rating} />
              <blockquote className="mt-4 flex-1 whitespace-pre-line text-pretty text-stone-700">
                “{testimonial.quote}”
              </blockquote>
              <figcaption className="mt-6">
                <p className="font-semibold text-leaf-900">{testimonial.name}</p>
                <p className="text-sm text-stone-600">{testimonial.role}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
