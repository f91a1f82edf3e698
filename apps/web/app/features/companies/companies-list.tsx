import type { CompanyListItem } from "@app/shared";
import { Link } from "react-router";
import { ScrollTable } from "~/components/ui/scroll-table";
import { paths } from "~/lib/paths";

export type CompaniesListProps = { companies: CompanyListItem[] };

const HEADINGS = ["Nombre", "RUC", "Cantón / provincia", "Personas"] as const;

const place = (company: CompanyListItem) => [company.canton, company.province].filter(Boolean).join(", ") || "—";
export const peopleText = (count: number) => (count === 1 ? "1 persona" : `${count} personas`);
const nameLink = "font-semibold text-leaf-800 underline underline-offset-4 hover:text-leaf-950";

/**
 * The companies of a page: cards on a phone, read top to bottom with nothing to swipe; the table
 * from tablet width. Only one of the two is displayed (and so read by screen readers) at a time.
 */
export function CompaniesList({ companies }: CompaniesListProps) {
  return (
    <>
      <ul aria-label="Empresas" className="grid gap-3 md:hidden">
        {companies.map((company) => (
          <li key={company.id} className="grid gap-1 rounded-2xl bg-white p-4 ring-1 ring-stone-200">
            <Link to={paths.crmCompany(company.id)} className={`${nameLink} break-words text-base`}>
              {company.name}
            </Link>
            <p className="text-sm text-stone-700">{company.ruc ? `RUC ${company.ruc}` : "Sin RUC"}</p>
            <p className="text-sm text-stone-700">
              {place(company)} · {peopleText(company.people)}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <ScrollTable id="empresas-tabla" caption="Empresas" minWidth="min-w-[40rem]" headings={HEADINGS}>
          <tbody className="divide-y divide-stone-200">
            {companies.map((company) => (
              <tr key={company.id} className="hover:bg-stone-50">
                <th scope="row" className="px-3 py-3 text-left font-normal">
                  <Link to={paths.crmCompany(company.id)} className={`${nameLink} break-words`}>
                    {company.name}
                  </Link>
                </th>
                <td className="px-3 py-3 tabular-nums">{company.ruc ?? "—"}</td>
                <td className="px-3 py-3">{place(company)}</td>
                <td className="px-3 py-3 tabular-nums">{company.people}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </div>
    </>
  );
}
