import type { ContactCounts, StaffMember } from "@app/shared";
import { CRM_LIMITS, DEFAULT_WAITING_DAYS, STAGE_LABELS, STAGES, type Stage } from "@app/shared/constants";
import { SlidersHorizontal } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { compactControl } from "~/components/ui/field";
import { paths } from "~/lib/paths";
import { type ContactsQuery, formatContactsQuery, type OwnerChoice } from "./contacts-query";
import { counted, OwnerSelect } from "./owner-select";

export type ContactsFiltersProps = {
  query: ContactsQuery;
  /** Null when they could not be loaded: the filters work without their numbers. */
  counts: ContactCounts | null;
  staff: StaffMember[] | null;
  /** A new filter: the list goes back to its first page. */
  onChange: (query: ContactsQuery) => void;
};

const chip = (current: boolean) =>
  `inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-full px-4 font-semibold text-sm ring-1 transition-colors ${
    current ? "bg-leaf-700 text-white ring-leaf-700" : "bg-white text-leaf-900 ring-stone-300 hover:bg-leaf-50"
  }`;

/**
 * The follow-up filters of the contacts screen: `Mis contactos`, `Sin responsable`, a colleague, a
 * stage and `Sin respuesta hace más de N días`, each with how many contacts it holds. They live in
 * the address like the search, so a link or a reload keeps them.
 */
export function ContactsFilters({ query, counts, staff, onChange }: ContactsFiltersProps) {
  const at = (change: Partial<ContactsQuery>) =>
    paths.crmMessagesAt(formatContactsQuery({ ...query, ...change, page: 0 }));
  const [days, setDays] = useState(String(query.waitingDays ?? counts?.waitingDays ?? DEFAULT_WAITING_DAYS));
  useEffect(() => {
    if (query.waitingDays !== null) setDays(String(query.waitingDays));
  }, [query.waitingDays]);
  const waitingBox = useRef<HTMLInputElement>(null);
  // On a phone the list comes first: the chips stay, the rest waits behind `Filtros` (issue 31).
  const [open, setOpen] = useState(false);
  const active = [
    query.owner !== null && query.owner !== "me" && query.owner !== "none",
    query.stage !== null,
    query.waitingDays !== null,
  ].filter(Boolean).length;
  const waitingDays = Number(days);
  const validDays = Number.isInteger(waitingDays) && waitingDays >= 1 && waitingDays <= CRM_LIMITS.waitingDaysMax;

  const chips: { owner: OwnerChoice | null; label: string; count: number | undefined }[] = [
    { owner: null, label: "Todos", count: counts?.all },
    { owner: "me", label: "Mis contactos", count: counts?.mine },
    { owner: "none", label: "Sin responsable", count: counts?.unowned },
  ];

  return (
    <section aria-labelledby="contactos-filtros" className="grid gap-3">
      <h2 id="contactos-filtros" className="sr-only">
        Filtros de seguimiento
      </h2>
      <nav aria-label="Responsable de los contactos" className="-mx-1 relative flex gap-2 overflow-x-auto px-1 py-1">
        {chips.map(({ owner, label, count }) => (
          <Link
            key={label}
            to={at({ owner })}
            aria-current={query.owner === owner ? "page" : undefined}
            className={chip(query.owner === owner)}
          >
            {label}
            {count !== undefined && <span className="font-normal">{counted(count)}</span>}
          </Link>
        ))}
      </nav>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="contactos-filtros-mas"
        onClick={() => setOpen(!open)}
        className="inline-flex min-h-11 items-center gap-2 justify-self-start rounded-xl bg-white px-4 font-semibold text-leaf-900 text-sm ring-1 ring-stone-300 hover:bg-leaf-50 md:hidden"
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Filtros
        {active > 0 && (
          <span className="rounded-full bg-leaf-700 px-2 py-0.5 text-white text-xs">
            {active}
            <span className="sr-only"> {active === 1 ? "activo" : "activos"}</span>
          </span>
        )}
      </button>
      <div
        id="contactos-filtros-mas"
        className={`${open ? "grid" : "hidden"} gap-3 sm:grid-cols-2 md:grid lg:flex lg:flex-wrap lg:items-end`}
      >
        <OwnerSelect
          value={query.owner}
          onChange={(owner) => onChange({ ...query, page: 0, owner })}
          staff={staff}
          counts={counts}
          className={compactControl}
        />
        <label className="grid gap-1 text-sm">
          <span className="font-semibold text-leaf-900">Etapa</span>
          <select
            value={query.stage ?? ""}
            onChange={(event) =>
              onChange({ ...query, page: 0, stage: event.target.value === "" ? null : (event.target.value as Stage) })
            }
            className={compactControl}
          >
            <option value="">Todas las etapas</option>
            {STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {STAGE_LABELS[stage]}
                {counted(counts?.stages[stage])}
              </option>
            ))}
          </select>
        </label>
        <form
          className="flex flex-wrap items-center gap-2 text-sm sm:col-span-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (validDays) onChange({ ...query, page: 0, waitingDays });
          }}
        >
          <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-leaf-900">
            <input
              ref={waitingBox}
              type="checkbox"
              checked={query.waitingDays !== null}
              disabled={!validDays}
              onChange={(event) =>
                onChange({ ...query, page: 0, waitingDays: event.target.checked ? waitingDays : null })
              }
              className="size-5 accent-leaf-700"
            />
            Sin respuesta hace más de
          </label>
          <input
            type="number"
            min={1}
            max={CRM_LIMITS.waitingDaysMax}
            value={days}
            aria-label="Días sin respuesta"
            aria-invalid={!validDays}
            onChange={(event) => setDays(event.target.value)}
            onBlur={(event) => {
              // Leaving for the box: its change takes these days (or clears them) in one navigation.
              // Two (this one, then the box's) raced, and on a slow machine the first one won.
              if (event.relatedTarget === waitingBox.current) return;
              if (validDays && query.waitingDays !== null && waitingDays !== query.waitingDays) {
                onChange({ ...query, page: 0, waitingDays });
              }
            }}
            className={`${compactControl} w-20`}
          />
          <span className="font-semibold text-leaf-900">días</span>
          {counts && query.waitingDays === counts.waitingDays && (
            <span className="text-stone-700">{counted(counts.waiting).trim()}</span>
          )}
          {!validDays && <span className="text-red-800">Indica entre 1 y {CRM_LIMITS.waitingDaysMax} días</span>}
        </form>
      </div>
    </section>
  );
}
