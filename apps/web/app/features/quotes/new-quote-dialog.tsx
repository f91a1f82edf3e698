import type { ContactMessageGroup } from "@app/shared";
import { SEARCH_DEBOUNCE_MS } from "@app/shared/constants";
import { ChevronRight, LoaderCircle, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";
import { inputStyles } from "~/components/ui/field";
import { errorMessage } from "~/lib/error-message";
import { searchQuoteContacts } from "./quotes-api";
import { newQuotePath } from "./quotes-query";

export type NewQuoteDialogProps = { open: boolean; onClose: () => void };

/** `Nueva cotización`: first, who it is for; the editor opens with that contact. */
export function NewQuoteDialog({ open, onClose }: NewQuoteDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} labelledBy="nueva-cotizacion-titulo" className="max-w-lg">
      <ContactPicker onClose={onClose} />
    </Dialog>
  );
}

type Found = { contacts: ContactMessageGroup["client"][]; problem: string | null; busy: boolean };

/** Mounted each time the dialog opens: an empty search lists the newest contacts. */
function ContactPicker({ onClose }: { onClose: () => void }) {
  const [keyword, setKeyword] = useState("");
  const [found, setFound] = useState<Found>({ contacts: [], problem: null, busy: true });

  useEffect(() => {
    const controller = new AbortController();
    setFound((before) => ({ ...before, busy: true }));
    const timer = setTimeout(
      async () => {
        try {
          const page = await searchQuoteContacts(keyword.trim(), controller.signal);
          setFound({ contacts: page.content.map((group) => group.client), problem: null, busy: false });
        } catch (error) {
          if (controller.signal.aborted) return;
          setFound({ contacts: [], problem: errorMessage(error), busy: false });
        }
      },
      keyword ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword]);

  return (
    <div className="flex max-h-[90svh] flex-col gap-4 p-5 md:p-6">
      <div className="grid gap-1">
        <h2 id="nueva-cotizacion-titulo" className="font-bold text-leaf-900 text-xl">
          Nueva cotización
        </h2>
        <p className="text-sm text-stone-700">Elige el contacto para quien es la cotización.</p>
      </div>
      <search className="grid gap-1.5">
        <label htmlFor="cotizacion-contacto" className="font-semibold text-leaf-900 text-sm">
          Buscar contacto
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
            aria-hidden="true"
          />
          <input
            id="cotizacion-contacto"
            type="search"
            autoComplete="off"
            placeholder="Nombre, correo, teléfono o empresa"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            className={`${inputStyles(false)} pl-9`}
          />
        </div>
      </search>
      <div aria-live="polite" aria-busy={found.busy} className="min-h-0 flex-1 overflow-y-auto">
        {found.problem ? (
          <p className="font-medium text-red-700">{found.problem}</p>
        ) : found.contacts.length === 0 ? (
          <p className="text-stone-700">
            {found.busy ? (
              <LoaderCircle className="size-5 animate-spin text-leaf-700" aria-label="Buscando" />
            ) : (
              "Ningún contacto coincide con la búsqueda."
            )}
          </p>
        ) : (
          <ul aria-label="Contactos" className="grid gap-2">
            {found.contacts.map((contact) => (
              <li key={contact.id}>
                <Link
                  to={newQuotePath(contact.id)}
                  className="flex min-h-11 items-center justify-between gap-3 rounded-xl px-3 py-2 ring-1 ring-stone-200 hover:bg-leaf-50"
                >
                  <span className="grid min-w-0">
                    <span className="break-words font-semibold text-leaf-900">
                      {contact.firstName} {contact.lastName}
                    </span>
                    <span className="break-words text-sm text-stone-600">
                      {[contact.company, contact.email].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                  <ChevronRight className="size-4 shrink-0 text-leaf-700" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex justify-end">
        <button type="button" onClick={onClose} className={`${buttonStyles.secondary} min-h-11`}>
          Cancelar
        </button>
      </div>
    </div>
  );
}
