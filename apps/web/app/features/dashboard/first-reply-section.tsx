import type { Dashboard } from "@app/shared";
import { CircleAlert, CircleCheck } from "lucide-react";
import { cell, FiguresTable } from "./chart-table";
import { formatMinutes, percentText } from "./follow-up-format";
import { total } from "./trend";

const DAY_MINUTES = 24 * 60;

/** Whether a median keeps the promise, in words beside an icon (never the colour alone). */
function Median({ minutes }: { minutes: number }) {
  const kept = minutes < DAY_MINUTES;
  const Icon = kept ? CircleCheck : CircleAlert;
  return (
    <span className={kept ? "text-leaf-800" : "font-semibold text-red-800"}>
      <Icon className="mr-1 inline size-4 align-[-0.2em]" aria-hidden="true" />
      {formatMinutes(minutes)}
      {/* Breaks between its words too: at 375 px the three columns have about 230 px between them. */}
      {!kept && (
        <span className="font-normal text-stone-700">
          {" "}
          (más de <span className="whitespace-nowrap">24 h)</span>
        </span>
      )}
    </span>
  );
}

/**
 * `Tiempo hasta la primera respuesta`: per staff member, the median time from a request's arrival
 * to its first answer over the last 30 days, and the share answered within the site's promise.
 */
export function FirstReplySection({ firstReply }: { firstReply: Dashboard["firstReply"] }) {
  const replies = total(firstReply.map((row) => row.replies));
  const within = total(firstReply.map((row) => row.within24h));
  return (
    <section
      aria-labelledby="primera-respuesta"
      className="grid grid-cols-1 content-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <div>
        <h2 id="primera-respuesta" className="font-bold text-leaf-900 text-lg">
          Tiempo hasta la primera respuesta
        </h2>
        <p className="text-sm text-stone-600">
          Mediana por persona, últimos 30 días, frente a la promesa del sitio: «respuesta en menos de 24 horas».
        </p>
      </div>
      {firstReply.length === 0 ? (
        <p className="text-stone-700">Nadie respondió por primera vez a una solicitud en los últimos 30 días.</p>
      ) : (
        <>
          <p className="text-stone-800">
            {within} de {replies} primeras respuestas ({percentText(within, replies)}) llegaron en menos de 24 horas.
          </p>
          <FiguresTable
            id="tabla-primera-respuesta"
            caption="Tiempo hasta la primera respuesta por persona, últimos 30 días"
            columns={["Persona", "Mediana", "En menos de 24 h"]}
            className="rounded-xl ring-1 ring-stone-200"
          >
            {firstReply.map((row) => (
              <tr key={row.staffId}>
                <th scope="row" className={`${cell} font-medium`}>
                  {row.name}
                </th>
                {/* The figures wrap at their spaces, so the three columns fit a phone. */}
                <td className={`${cell} tabular-nums`}>
                  <Median minutes={row.medianMinutes} />
                </td>
                <td className={`${cell} tabular-nums`}>
                  <span className="whitespace-nowrap">{percentText(row.within24h, row.replies)}</span>{" "}
                  <span className="whitespace-nowrap">
                    ({row.within24h} de {row.replies})
                  </span>
                </td>
              </tr>
            ))}
          </FiguresTable>
        </>
      )}
    </section>
  );
}
