import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { carouselSlides } from "~/content/services";

export type ServicesCarouselProps = { onRequest: (title: string) => void };

const arrowStyles =
  "grid size-11 place-items-center rounded-full bg-white text-leaf-900 shadow ring-1 ring-leaf-100 hover:bg-leaf-50";

/** Three slides that wrap around in both directions; only the current one is shown. */
export function ServicesCarousel({ onRequest }: ServicesCarouselProps) {
  const [current, setCurrent] = useState(0);
  const count = carouselSlides.length;
  const go = (index: number) => setCurrent(((index % count) + count) % count);

  return (
    <section aria-roledescription="carrusel" aria-labelledby="carrusel-titulo" className="mx-auto max-w-5xl">
      <h2 id="carrusel-titulo" className="mb-8 text-center font-bold text-3xl text-leaf-900">
        Más servicios para su poscosecha
      </h2>
      <div aria-live="polite">
        {carouselSlides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern names each slide as a group
          <div
            key={slide.title}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${index + 1} de ${count}: ${slide.title}`}
            hidden={index !== current}
            className="grid items-center gap-8 overflow-hidden rounded-[2rem] bg-white shadow-sm ring-1 ring-leaf-100 md:grid-cols-2"
          >
            <img
              src={slide.image}
              alt=""
              width={800}
              height={500}
              loading="lazy"
              className="h-full w-full bg-leaf-50 object-cover"
            />
            <div className="p-6 md:p-10">
              <p className="font-semibold text-petal-700 text-sm uppercase tracking-wider">{slide.subtitle}</p>
              <h3 className="mt-2 font-bold text-2xl text-leaf-900">{slide.title}</h3>
              <p className="mt-4 text-stone-700">{slide.description}</p>
              <button
                type="button"
                onClick={() => onRequest(slide.serviceType)}
                className={`${buttonStyles.primary} mt-6`}
              >
                Solicitar información
              </button>
            </div>
          </div>
        ))}
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <button type="button" onClick={() => go(current - 1)} aria-label="Diapositiva anterior" className={arrowStyles}>
          <ChevronLeft aria-hidden="true" />
        </button>
        <div className="flex gap-1">
          {carouselSlides.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              onClick={() => go(index)}
              aria-label={`Ir a la diapositiva ${index + 1}`}
              aria-current={index === current ? "true" : undefined}
              className="grid size-8 place-items-center"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all duration-200 ${
                  index === current ? "w-8 bg-leaf-700" : "w-2.5 bg-leaf-200"
                }`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => go(current + 1)}
          aria-label="Diapositiva siguiente"
          className={arrowStyles}
        >
          <ChevronRight aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
