import { SITE_VIDEOS, slugOf } from "@app/shared/constants";
import { CheckCircle2 } from "lucide-react";
import { RichText } from "~/components/ui/rich-text";
import type { ShownService } from "~/lib/shown-content";
import { RequestInformationLink } from "./request-information-link";
import { ServiceVideo } from "./service-video";
import { SitePicture } from "./site-picture";

export type ServicePanelProps = {
  service: ShownService;
  reversed?: boolean;
  /** The first panel's image is the page's largest paint: never lazy-load it. */
  eager?: boolean;
  onRequest: (title: string) => void;
};

/** A service of `/servicios` with a panel of its own: its video or picture, its copy and its highlights. */
export function ServicePanel({ service, reversed = false, eager = false, onRequest }: ServicePanelProps) {
  const anchor = slugOf(service.title);
  const titleId = `${anchor}-titulo`;
  const video = service.video ? SITE_VIDEOS[service.video] : null;
  return (
    <section
      id={anchor}
      aria-labelledby={titleId}
      className="grid items-center gap-8 rounded-[2rem] bg-white p-6 shadow-sm ring-1 ring-leaf-100 md:grid-cols-2 md:gap-12 md:p-10"
    >
      {(video || service.image) && (
        <div className={reversed ? "md:order-2" : undefined}>
          {video ? (
            <ServiceVideo src={video.src} poster={video.poster} label={`Video de ${service.title}`} />
          ) : (
            <SitePicture
              image={service.image}
              sizes="(min-width: 768px) 600px, 100vw"
              width={800}
              height={500}
              eager={eager}
              className="w-full rounded-3xl bg-leaf-50"
            />
          )}
        </div>
      )}
      <div className={video || service.image ? undefined : "md:col-span-2"}>
        <p className="font-semibold text-petal-700 text-sm uppercase tracking-wider">{service.eyebrow}</p>
        <h2 id={titleId} className="mt-2 font-bold text-2xl text-leaf-900 md:text-3xl">
          {service.title}
        </h2>
        <RichText blocks={service.description} className="mt-4 text-stone-700" />
        {service.highlights.length > 0 && (
          <ul className="mt-6 grid gap-3">
            {service.highlights.map((highlight) => (
              <li key={highlight} className="flex items-start gap-2 text-stone-700">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-leaf-600" aria-hidden="true" />
                {highlight}
              </li>
            ))}
          </ul>
        )}
        <RequestInformationLink serviceType={service.title} onRequest={onRequest} className="mt-8" />
      </div>
    </section>
  );
}
