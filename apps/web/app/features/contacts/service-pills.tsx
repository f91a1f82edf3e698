import { serviceColour } from "./service-colours";

export type ServicePillsProps = {
  services: { id: number; title: string }[];
  /** Shows at most this many and says how many more there are. */
  max?: number;
};

/** The services of a message as coloured pills (spec section 2's "Servicio Requerido"). */
export function ServicePills({ services, max = services.length }: ServicePillsProps) {
  if (services.length === 0) return <span className="text-stone-600">—</span>;
  const shown = services.slice(0, max);
  const hidden = services.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1">
      {shown.map((service) => (
        <li
          key={service.id}
          className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${serviceColour(service.id)}`}
        >
          {service.title}
        </li>
      ))}
      {hidden > 0 && (
        <li className="rounded-full bg-stone-100 px-2.5 py-0.5 font-semibold text-stone-800 text-xs">
          +{hidden}
          <span className="sr-only"> {hidden === 1 ? "servicio más" : "servicios más"}</span>
        </li>
      )}
    </ul>
  );
}
