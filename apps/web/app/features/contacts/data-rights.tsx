import { FileDown, LoaderCircle, UserX } from "lucide-react";
import { useState } from "react";

export type DataRightsProps = {
  name: string;
  /** LOPDP access: everything stored about the person, as a file. */
  onExport: () => Promise<void>;
  /** LOPDP erasure, after a confirmation. */
  onAnonymise: () => void;
};

const action =
  "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-sm ring-1 transition-colors disabled:opacity-50";

/** The data subject's rights (Ecuador's LOPDP) for this contact: a copy of their data, or erasure. */
export function DataRights({ name, onExport, onAnonymise }: DataRightsProps) {
  const [exporting, setExporting] = useState(false);
  return (
    <section aria-labelledby="contacto-lopdp" className="grid gap-2 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200">
      <h3 id="contacto-lopdp" className="font-bold text-leaf-900">
        Protección de datos personales
      </h3>
      <p className="text-sm text-stone-700">
        Si {name} lo pide (LOPDP), descarga una copia de todo lo guardado sobre esta persona o anonimiza sus datos.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              await onExport();
            } finally {
              setExporting(false);
            }
          }}
          className={`${action} bg-white text-leaf-800 ring-leaf-200 hover:bg-leaf-50`}
        >
          {exporting ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <FileDown className="size-4" aria-hidden="true" />
          )}
          Exportar datos
        </button>
        <button
          type="button"
          onClick={onAnonymise}
          className={`${action} bg-white text-red-800 ring-red-200 hover:bg-red-50`}
        >
          <UserX className="size-4" aria-hidden="true" />
          Anonimizar
        </button>
      </div>
    </section>
  );
}
