import type { Dashboard } from "@app/shared";
import { countryLabel } from "~/content/countries";
import { ChartTable, cell } from "./chart-table";
import { barPercent, total } from "./trend";

const percentOf = (count: number, all: number) => (all === 0 ? 0 : Math.round((count / all) * 100));

/** Requests of the last 12 weeks by the client's country code, most first, as bars with their share. */
export function CountryChart({ countries }: { countries: Dashboard["countryCodes"] }) {
  const all = total(countries.map((country) => country.count));
  const max = countries[0]?.count ?? 0;
  const top = countries[0];
  return (
    <section
      aria-labelledby="grafico-paises"
      className="grid grid-cols-1 content-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <div>
        <h2 id="grafico-paises" className="font-bold text-leaf-900 text-lg">
          Solicitudes por país
        </h2>
        <p className="text-sm text-stone-600">Por código de país del teléfono, últimas 12 semanas.</p>
      </div>
      <p className="text-stone-800">
        {top
          ? `${percentOf(top.count, all)} % de las ${all} solicitudes vienen de ${countryLabel(top.countryCode)}.`
          : "No hubo solicitudes en las últimas 12 semanas."}
      </p>
      {countries.length > 0 && (
        <>
          <ul className="grid gap-2" aria-hidden="true">
            {countries.map((country) => (
              <li key={country.countryCode} className="grid gap-1">
                <span className="flex justify-between gap-2 text-sm">
                  <span className="text-stone-800">{countryLabel(country.countryCode)}</span>
                  <span className="font-semibold text-leaf-900 tabular-nums">
                    {country.count} · {percentOf(country.count, all)} %
                  </span>
                </span>
                <span className="h-3 rounded-full bg-stone-100">
                  <span
                    className="block h-3 rounded-full bg-petal-600"
                    style={{ width: `${barPercent(country.count, max)}%` }}
                  />
                </span>
              </li>
            ))}
          </ul>
          <ChartTable
            id="tabla-paises"
            caption="Solicitudes por código de país"
            columns={["País", "Solicitudes", "Porcentaje"]}
          >
            {countries.map((country) => (
              <tr key={country.countryCode}>
                <th scope="row" className={`${cell} font-medium`}>
                  {countryLabel(country.countryCode)}
                </th>
                <td className={`${cell} tabular-nums`}>{country.count}</td>
                <td className={`${cell} tabular-nums`}>{percentOf(country.count, all)} %</td>
              </tr>
            ))}
          </ChartTable>
        </>
      )}
    </section>
  );
}
