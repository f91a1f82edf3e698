import { BRAND, signatureLines } from "@app/shared/constants";

export type SignaturePreviewProps = {
  displayName: string;
  /** As typed so far; blank fields are left out, like in the email. */
  jobTitle?: string | null | undefined;
  phone?: string | null | undefined;
  whatsapp?: string | null | undefined;
};

const typed = (value: string | null | undefined) => value?.trim() || null;

/** How the end of a reply email reads with this signature (the same lines the API writes). */
export function SignaturePreview({ displayName, jobTitle, phone, whatsapp }: SignaturePreviewProps) {
  const lines = signatureLines({
    displayName,
    jobTitle: typed(jobTitle),
    phone: typed(phone),
    whatsapp: typed(whatsapp),
  });
  return (
    <section
      aria-labelledby="firma-vista-previa"
      className="grid gap-1 rounded-xl bg-leaf-50 p-3 text-sm ring-1 ring-leaf-200"
    >
      <p id="firma-vista-previa" className="font-semibold text-leaf-900">
        Así terminan tus respuestas
      </p>
      <p className="break-words text-stone-800">
        <span className="block font-semibold">{lines[0]}</span>
        <span className="block whitespace-pre-line">{lines.slice(1).join("\n")}</span>
        <span className="mt-1 block text-stone-600 text-xs">
          {BRAND.name} · el teléfono y el horario de Datos de contacto del sitio
        </span>
      </p>
    </section>
  );
}
