import { ChevronLeft, ChevronRight } from "lucide-react";
import { type MouseEvent, useEffect, useState } from "react";
import { ButtonLink } from "~/components/ui/button-link";
import { RichText } from "~/components/ui/rich-text";
import type { ShownService } from "~/lib/shown-content";
import { RequestInformationLink } from "./request-information-link";
import { SitePicture } from "./site-picture";

export type ServicesCarouselProps = { slides: ShownService[]; onRequest: (title: string) => void };

const arrowStyles =
  "grid size-11 place-items-center rounded-full bg-white text-leaf-900 shadow ring-1 ring-leaf-100 hover:bg-leaf-50";

const slideId = (index: number) => `diapositiva-${index + 1}`;

/**
 * The services published as slides (three on a new install), wrapping around in both directions; only the current one is shown. Every control
 * is a link to a slide's anchor, so in the page's HTML the browser does the job (`:target`, see
 * app.css); each slide carries its own row of controls, which therefore always know where they
 * lead. With JavaScript the slide changes in place, without moving the page.
 */
export function ServicesCarousel({ slides, onRequest }: ServicesCarouselProps) {
  const [current, setCurrent] = useState(0);
  const [enhanced, setEnhanced] = useState(false);
  const count = slides.length;
  const wrap = (index: number) => ((index % count) + count) % count;

  // A control tapped before the script ran has put its slide in the address: start there.
  useEffect(() => {
    const index = slides.findIndex((_, slide) => `#${slideId(slide)}` === window.location.hash);
    if (index >= 0) setCurrent(index);
    setEnhanced(true);
  }, [slides]);

  const goTo = (index: number) => (event: MouseEvent) => {
    event.preventDefault();
    setCurrent(wrap(index));
  };

  if (count === 0) return null;
  return (
    <section
      aria-roledescription="carrusel"
      aria-labelledby="carrusel-titulo"
      data-enhanced={enhanced || undefined}
      className="carousel mx-auto max-w-5xl"
    >
      <h2 id="carrusel-titulo" className="mb-8 text-center font-bold text-3xl text-leaf-900">
        Más servicios para su poscosecha
      </h2>
      <div aria-live="polite">
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern names each slide as a group
          <div
            key={slide.title}
            id={slideId(index)}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${index + 1} de ${count}: ${slide.title}`}
            data-current={index === current || undefined}
            className="carousel-slide"
          >
            <div className="grid items-center gap-8 overflow-hidden rounded-[2rem] bg-white shadow-sm ring-1 ring-leaf-100 md:grid-cols-2">
              {/* A slide without a picture gives its text the whole width, not an empty box. */}
              {slide.image && (
                <SitePicture
                  image={slide.image}
                  sizes="(min-width: 768px) 512px, 100vw"
                  width={800}
                  height={500}
                  className="h-full w-full bg-leaf-50 object-cover"
                />
              )}
              <div className={slide.image ? "p-6 md:p-10" : "p-6 md:col-span-2 md:p-10"}>
                <p className="font-semibold text-petal-700 text-sm uppercase tracking-wider">{slide.eyebrow}</p>
                <h3 className="mt-2 font-bold text-2xl text-leaf-900">{slide.title}</h3>
                <RichText blocks={slide.description} className="mt-4 text-stone-700" />
                {slide.highlights.length > 0 && (
                  <ul className="mt-4 list-disc pl-5 text-stone-700">
                    {slide.highlights.map((highlight) => (
                      <li key={highlight}>{highlight}</li>
                    ))}
                  </ul>
                )}
                <RequestInformationLink serviceType={slide.title} onRequest={onRequest} className="mt-6" />
              </div>
            </div>
            {count > 1 && (
              <div className="mt-6 flex items-center justify-center gap-4">
                <ButtonLink
                  href={`#${slideId(wrap(index - 1))}`}
                  onClick={goTo(index - 1)}
                  aria-label="Diapositiva anterior"
                  className={arrowStyles}
                >
                  <ChevronLeft aria-hidden="true" />
                </ButtonLink>
                <div className="flex gap-1">
                  {slides.map((target, dot) => (
                    <ButtonLink
                      key={target.title}
                      href={`#${slideId(dot)}`}
                      onClick={goTo(dot)}
                      aria-label={`Ir a la diapositiva ${dot + 1}`}
                      aria-current={dot === index ? "true" : undefined}
                      className="grid size-8 place-items-center"
                    >
                      <span
                        aria-hidden="true"
                        className={`block h-2.5 rounded-full ${dot === index ? "w-8 bg-leaf-700" : "w-2.5 bg-leaf-200"}`}
                      />
                    </ButtonLink>
                  ))}
                </div>
                <ButtonLink
                  href={`#${slideId(wrap(index + 1))}`}
                  onClick={goTo(index + 1)}
                  aria-label="Diapositiva siguiente"
                  className={arrowStyles}
                >
                  <ChevronRight aria-hidden="true" />
                </ButtonLink>
              </div>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
