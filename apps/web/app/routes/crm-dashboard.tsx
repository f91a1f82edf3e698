import { Link } from "react-router";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmPageHeader } from "~/features/crm/crm-page-header";
import { paths } from "~/lib/paths";

export const meta = () => crmMeta("Dashboard");

// The dashboard's figures come with their own issue; until then the page says so instead of
// showing invented numbers.
export default function CrmDashboard() {
  const { user } = useSession();
  return (
    <>
      <CrmPageHeader title="Dashboard" subtitle={user ? `Hola, ${user.displayName}.` : undefined} />
      <div className="grid max-w-2xl gap-3 rounded-2xl bg-white p-5 text-stone-700 ring-1 ring-stone-200">
        <p>
          El resumen de mensajes nuevos, tareas pendientes y clientes activos todavía no está disponible: aparecerá aquí
          cuando el tablero del CRM esté listo.
        </p>
        <p>
          Los pedidos de información que llegan por el formulario del sitio se verán en{" "}
          <Link to={paths.crmMessages} className="font-semibold text-leaf-800 underline underline-offset-4">
            Contactos
          </Link>
          .
        </p>
      </div>
    </>
  );
}
