import type { CompanyTimelineEntry } from "@app/shared";
import { BUSINESS_TIME_ZONE, STAGE_LABELS, type Stage } from "@app/shared/constants";
import { Link } from "react-router";
import { lazily } from "~/lib/lazily";
import { paths } from "~/lib/paths";

// `Historial` of a company: what its people wrote and were answered, and what changed for them,
// newest first. Each line says whose it is; the whole story of one person is in their dialog.

const atFormat = lazily(
  () =>
    new Intl.DateTimeFormat("es-EC", {
      timeZone: BUSINESS_TIME_ZONE,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    }),
);

const text = (value: unknown) => (typeof value === "string" ? value : "");
const stage = (value: unknown) => STAGE_LABELS[value as Stage] ?? text(value);

/** What happened, in a few words, and the text that came with it. */
function describe({ kind, data, actor }: CompanyTimelineEntry): { title: string; body?: string } {
  const by = actor ? ` por ${actor}` : "";
  switch (kind) {
    case "message_received":
      return { title: "Escribió", body: text(data.message) };
    case "message_added":
      return { title: `Mensaje añadido${by}`, body: text(data.message) };
    case "reply_sent":
      return { title: `Respuesta enviada${by}`, body: text(data.reply) };
    case "stage_changed":
      return { title: `Etapa: ${stage(data.from)} → ${stage(data.to)}${by}` };
    case "owner_changed":
      return { title: `Responsable: ${text(data.toName) || "Sin responsable"}${by}` };
    case "task_created":
      return { title: `Tarea creada${by}: ${text(data.title)}` };
    case "task_done":
      return { title: `Tarea hecha${by}: ${text(data.title)}` };
    case "quote_sent":
      return { title: `Cotización ${text(data.number)} enviada${by}` };
    case "quote_accepted":
      return { title: `Cotización ${text(data.number)} aceptada` };
    case "quote_rejected":
      return { title: `Cotización ${text(data.number)} rechazada` };
    case "order_created":
      return { title: `Pedido ${text(data.number)} confirmado${by}` };
    default:
      return { title: `Cambio en su ficha${by}` };
  }
}

export function CompanyTimeline({ entries }: { entries: CompanyTimelineEntry[] }) {
  return (
    <section aria-labelledby="empresa-historial" className="grid content-start gap-3">
      <h2 id="empresa-historial" className="font-bold text-leaf-900 text-xl">
        Historial
      </h2>
      {entries.length === 0 ? (
        <p className="text-stone-700">Sin movimientos de sus personas todavía.</p>
      ) : (
        <ol className="grid gap-3 border-leaf-200 border-l-2 pl-4">
          {entries.map((entry, index) => {
            const { title, body } = describe(entry);
            return (
              // The timeline has no ids of its own; its order is stable between loads.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="grid gap-0.5 text-sm">
                <span className="text-stone-900">
                  <Link
                    to={paths.crmContact(entry.clientId)}
                    className="font-semibold text-leaf-800 underline underline-offset-4"
                  >
                    {entry.clientName}
                  </Link>
                  {" · "}
                  {title}
                </span>
                <time dateTime={entry.at} className="text-stone-600 text-xs">
                  {atFormat().format(new Date(entry.at))}
                </time>
                {body && <p className="line-clamp-3 whitespace-pre-line break-words text-stone-700">{body}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
