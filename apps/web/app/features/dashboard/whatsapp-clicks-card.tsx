import type { Dashboard } from "@app/shared";
import { cell, FiguresTable } from "./chart-table";

const clicksText = (count: number) => (count === 1 ? "1 clic" : `${count} clics`);

/**
 * `Clics en WhatsApp`: taps on each product's WhatsApp button over the last 30 days, most first,
 * and their total. Counted without cookies: a tap, not a person.
 */
export function WhatsappClicksCard({ clicks }: { clicks: Dashboard["whatsappClicks"] }) {
  return (
    <section
      aria-labelledby="clics-whatsapp"
      className="grid grid-cols-1 content-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <div>
        <h2 id="clics-whatsapp" className="font-bold text-leaf-900 text-lg">
          Clics en WhatsApp
        </h2>
        <p className="text-sm text-stone-600">
          Toques en el botón WhatsApp de cada producto del sitio, últimos {clicks.days} días.
        </p>
      </div>
      {clicks.products.length === 0 ? (
        <p className="text-stone-700">Nadie tocó el botón WhatsApp de un producto en los últimos {clicks.days} días.</p>
      ) : (
        <>
          <p className="text-stone-800">{clicksText(clicks.total)} en total.</p>
          <FiguresTable
            id="tabla-clics-whatsapp"
            caption={`Clics en WhatsApp por producto, últimos ${clicks.days} días`}
            columns={["Producto", "Clics"]}
            className="rounded-xl ring-1 ring-stone-200"
          >
            {clicks.products.map((row) => (
              <tr key={row.product}>
                <th scope="row" className={`${cell} font-medium`}>
                  {row.title}
                </th>
                <td className={`${cell} tabular-nums`}>{row.clicks}</td>
              </tr>
            ))}
            <tr className="bg-stone-50">
              <th scope="row" className={`${cell} font-semibold`}>
                Total
              </th>
              <td className={`${cell} font-semibold tabular-nums`}>{clicks.total}</td>
            </tr>
          </FiguresTable>
        </>
      )}
    </section>
  );
}
