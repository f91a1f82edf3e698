import { CheckCircle2 } from "lucide-react";
import type { ServicePanel as ServicePanelData } from "~/content/services";
import { RequestInformationLink } from "./request-information-link";
import { ServiceVideo } from "./service-video";

export type ServicePanelProps = {
  panel: ServicePanelData;
  reversed?: boolean;
  /** The first panel's image is the page's largest paint: never lazy-load it. */
  eager?: boolean;
  onRequest: (title: string) => void;
};

export function ServicePanel({ panel, reversed = false, eager = false, onRequest }: ServicePanelProps) {
  const titleId = `${panel.id}-titulo`;
  return (
    <section
      id={panel.id}
      aria-labelledby={titleId}
      className="grid items-center gap-8 rounded-[2rem] bg-white p-6 shadow-sm ring-1 ring-leaf-100 md:grid-cols-2 md:gap-12 md:p-10"
    >
      <div className={reversed ? "md:order-2" : undefined}>
        {panel.video ? (
          <ServiceVideo src={panel.video.src} poster={panel.video.poster} label={`Video de ${panel.title}`} />
        ) : (
          panel.image && (
            <img
              src={panel.image}
              alt=""
              width={800}
              height={500}
              loading={eager ? "eager" : "lazy"}
              className="w-full rounded-3xl bg-leaf-50"
            />
          )
        )}
      </div>
      <div>
        <p className="font-semibold text-petal-700 text-sm uppercase tracking-wider">{panel.eyebrow}</p>
        <h2 id={titleId} className="mt-2 font-bold text-2xl text-leaf-900 md:text-3xl">
          {panel.title}
        </h2>
        <p className="mt-4 text-stone-700">{panel.description}</p>
        <ul className="mt-6 grid gap-3">
          {panel.highlights.map((highlight) => (
            <li key={highlight} className="flex items-start gap-2 text-stone-700">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-leaf-600" aria-hidden="true" />
              {highlight}
            </li>
          ))}
        </ul>
        <RequestInformationLink serviceType={panel.serviceType} onRequest={onRequest} className="mt-8" />
      </div>
    </section>
  );
}
