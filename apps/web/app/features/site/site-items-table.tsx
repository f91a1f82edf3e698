import type { SiteItemSummary } from "@app/shared";
import { SITE_ITEM_STATE_LABELS, type SiteItemState } from "@app/shared/constants";
import { Link } from "react-router";
import { CardLabel, tableRole as role, ScrollTable } from "~/components/ui/scroll-table";
import { formatDateTime } from "~/lib/format-date";
import { paths } from "~/lib/paths";

const cell = "px-3 py-2 align-top";

/** Each state its own colour, each with text of at least 4.5:1 on its background. */
const STATE_STYLES: Record<SiteItemState, string> = {
  publicado: "bg-leaf-50 text-leaf-900 ring-leaf-200",
  cambios: "bg-amber-50 text-amber-900 ring-amber-200",
  borrador: "bg-stone-100 text-stone-800 ring-stone-300",
  retirado: "bg-petal-50 text-petal-700 ring-petal-100",
};

const KIND_LABELS: Record<SiteItemSummary["kind"], string> = {
  product: "Producto",
  service: "Servicio",
  landing: "Página de inicio",
  testimonial: "Testimonio",
  partner: "Socio",
  faq: "Pregunta frecuente",
  "contact-details": "Datos de contacto",
};

/** When and by whom, or a dash. */
const stamp = (at: string | null, by: string | null) => (at ? `${formatDateTime(at)}${by ? ` · ${by}` : ""}` : "—");

/** The site's items with where each stands: what visitors see, and what is only a draft. */
export function SiteItemsTable({ items }: { items: SiteItemSummary[] }) {
  return (
    <ScrollTable
      id="sitio-tabla"
      caption="Contenido del sitio web"
      minWidth="md:min-w-[44rem]"
      headings={["Contenido", "Tipo", "Estado", "Última edición", "Publicado"]}
      cardsOnPhone
    >
      <tbody {...role("rowgroup")} className="divide-y divide-stone-200">
        {items.map((item) => (
          <tr {...role("row")} key={item.id}>
            <th {...role("rowheader")} scope="row" className={`${cell} font-semibold`}>
              <Link to={paths.crmSiteItem(item.id)} className="text-leaf-800 underline underline-offset-2">
                {item.title}
              </Link>
            </th>
            <td {...role("cell")} className={`${cell} max-md:text-stone-600`}>
              {KIND_LABELS[item.kind]}
            </td>
            <td {...role("cell")} className={cell}>
              <span
                className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ${STATE_STYLES[item.state]}`}
              >
                {SITE_ITEM_STATE_LABELS[item.state]}
              </span>
            </td>
            <td {...role("cell")} className={cell}>
              <CardLabel>Última edición</CardLabel>
              {stamp(item.updatedAt, item.updatedBy)}
            </td>
            <td {...role("cell")} className={cell}>
              <CardLabel>Publicado</CardLabel>
              {stamp(item.publishedAt, item.publishedBy)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
