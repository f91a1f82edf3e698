import type { Dashboard } from "@app/shared";
import { STAGE_LABELS } from "@app/shared/constants";
import { ArrowDown } from "lucide-react";
import { Link } from "react-router";
import { paths } from "~/lib/paths";
import { ChartTable, cell } from "./chart-table";
import { percentText } from "./follow-up-format";
import { barPercent } from "./trend";

const contactsWord = (count: number) => (count === 1 ? "contacto" : "contactos");

type Step = Dashboard["conversion"][number];

/** "86 % pasó a Contactado (6 de 7)": one step of the last 90 days, between two stages. */
function StepLine({ step }: { step: Step }) {
  return (
    <p className="flex items-center gap-1.5 py-1 pl-2 text-sm text-stone-700">
      <ArrowDown className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
      <span>
        <span className="font-semibold text-leaf-900 tabular-nums">{percentText(step.advanced, step.reached)}</span>{" "}
        pasó a {STAGE_LABELS[step.to]} ({step.advanced} de {step.reached})
      </span>
    </p>
  );
}

/**
 * `Embudo`: the contacts in each stage now, Nuevo to Ganado with the share that went on between
 * each two (contacts that came in over the last 90 days), and Perdido apart. A table has it all.
 */
export function FunnelSection({ funnel, conversion }: Pick<Dashboard, "funnel" | "conversion">) {
  const max = Math.max(0, ...funnel.map((row) => row.count));
  const stepFrom = new Map(conversion.map((step) => [step.from, step]));
  const lost = funnel.find((row) => row.stage === "perdido");
  const way = funnel.filter((row) => row.stage !== "perdido");
  const cohort = conversion[0]?.reached ?? 0;
  return (
    <section
      aria-labelledby="embudo"
      className="grid grid-cols-1 content-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="embudo" className="font-bold text-leaf-900 text-lg">
            Embudo
          </h2>
          <p className="text-sm text-stone-600">
            Contactos en cada etapa hoy. Conversión: de los {cohort} {contactsWord(cohort)} que llegaron en los últimos
            90 días, cuántos pasaron a la etapa siguiente o más allá.
          </p>
        </div>
        <Link
          to={paths.crmBoard}
          className="inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold text-leaf-900 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50"
        >
          Ver el tablero
        </Link>
      </div>
      <ol className="grid">
        {way.map((row) => {
          const step = stepFrom.get(row.stage);
          return (
            <li key={row.stage} className="grid">
              <span className="grid gap-1">
                <span className="flex justify-between gap-2 text-sm">
                  <span className="font-medium text-stone-900">{STAGE_LABELS[row.stage]}</span>
                  <span className="font-semibold text-leaf-900 tabular-nums">
                    {row.count} {contactsWord(row.count)}
                  </span>
                </span>
                <span className="h-3 rounded-full bg-stone-100" aria-hidden="true">
                  <span
                    className="block h-3 rounded-full bg-leaf-600"
                    style={{ width: `${barPercent(row.count, max)}%` }}
                  />
                </span>
              </span>
              {step && <StepLine step={step} />}
            </li>
          );
        })}
      </ol>
      {lost && (
        <p className="border-stone-200 border-t pt-3 text-sm text-stone-700">
          {STAGE_LABELS.perdido}:{" "}
          <span className="font-semibold text-leaf-900 tabular-nums">
            {lost.count} {contactsWord(lost.count)}
          </span>
        </p>
      )}
      <ChartTable
        id="tabla-embudo"
        caption="Embudo: contactos por etapa hoy y conversión de los últimos 90 días"
        columns={["Etapa", "Hoy", "Llegaron (90 días)", "Siguieron", "Conversión"]}
      >
        {funnel.map((row) => {
          const step = stepFrom.get(row.stage);
          const reached = row.stage === "ganado" ? conversion.at(-1)?.advanced : step?.reached;
          return (
            <tr key={row.stage}>
              <th scope="row" className={`${cell} font-medium`}>
                {STAGE_LABELS[row.stage]}
              </th>
              <td className={`${cell} tabular-nums`}>{row.count}</td>
              <td className={`${cell} tabular-nums`}>{reached ?? "—"}</td>
              <td className={`${cell} tabular-nums`}>{step?.advanced ?? "—"}</td>
              <td className={`${cell} tabular-nums`}>{step ? percentText(step.advanced, step.reached) : "—"}</td>
            </tr>
          );
        })}
      </ChartTable>
    </section>
  );
}
