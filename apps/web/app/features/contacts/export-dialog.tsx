import type { ExportRows } from "@app/shared";
import { useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { errorMessage } from "~/lib/error-message";
import { saveFile } from "~/lib/save-file";
import { exportContacts } from "./contacts-api";
import type { ContactsQuery } from "./contacts-query";

export type ExportDialogProps = {
  open: boolean;
  onClose: () => void;
  /** `Exportar CSV` (the search) or `Exportar selección` (the rows picked). */
  title: string;
  query: ContactsQuery;
  /** Only these contacts; every result of the search when absent. */
  ids?: number[];
};

const CHOICES: { rows: ExportRows; label: string; hint: string }[] = [
  {
    rows: "contacts",
    label: "Un contacto por fila",
    hint: "Etapa, responsable, valor ganado, motivo de pérdida y su último mensaje: un reporte de ventas.",
  },
  {
    rows: "messages",
    label: "Un mensaje por fila",
    hint: "Cada mensaje con sus servicios, su estado y la respuesta.",
  },
];

/** What a line of the CSV is, then the download. Dates come in Ecuador's time. */
export function ExportDialog({ open, onClose, title, query, ids }: ExportDialogProps) {
  const [rows, setRows] = useState<ExportRows>("contacts");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <Dialog open={open} onClose={onClose} labelledBy="exportar-titulo" className="max-w-md">
      {open && (
        <DialogForm
          titleId="exportar-titulo"
          title={title}
          busy={busy}
          problem={problem}
          submitLabel="Descargar"
          onCancel={onClose}
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            setProblem(null);
            try {
              saveFile(await exportContacts(query, rows, ids));
              onClose();
            } catch (error) {
              setProblem(`No se pudo exportar: ${errorMessage(error)}`);
            } finally {
              setBusy(false);
            }
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-semibold text-leaf-900 text-sm">Cada fila del archivo es</legend>
            {CHOICES.map((choice) => (
              <label key={choice.rows} className="flex min-h-11 items-start gap-3 rounded-xl p-2 hover:bg-leaf-50">
                <input
                  type="radio"
                  name="exportar-filas"
                  value={choice.rows}
                  checked={rows === choice.rows}
                  onChange={() => setRows(choice.rows)}
                  aria-describedby={`exportar-${choice.rows}-detalle`}
                  className="mt-0.5 size-5 shrink-0 accent-leaf-700"
                />
                <span>
                  <span className="font-semibold text-stone-900">{choice.label}</span>
                  <span id={`exportar-${choice.rows}-detalle`} className="block text-sm text-stone-700">
                    {choice.hint}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        </DialogForm>
      )}
    </Dialog>
  );
}
