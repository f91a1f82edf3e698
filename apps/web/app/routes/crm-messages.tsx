import { crmMeta } from "~/features/crm/crm-meta";
import { CrmPageHeader } from "~/features/crm/crm-page-header";

export const meta = () => crmMeta("Contactos");

// The contacts table and its dialogs come with their own issue; the screen already has its place.
export default function CrmMessages() {
  return (
    <>
      <CrmPageHeader title="Contactos" subtitle="Gestión de contactos y mensajes" />
      <p className="max-w-2xl rounded-2xl bg-white p-5 text-stone-700 ring-1 ring-stone-200">
        La lista de contactos y de los mensajes que envían por el formulario del sitio todavía no está disponible en
        esta pantalla.
      </p>
    </>
  );
}
