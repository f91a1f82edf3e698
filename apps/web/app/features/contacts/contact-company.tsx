import type { CompanySuggestions } from "@app/shared";
import { Building2, Link2, Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { createCompany, linkPerson, loadCompanySuggestions, peopleText } from "~/features/companies";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";

export type ContactCompanyProps = {
  contactId: number;
  /** The company as the person typed it (`Empresa`): what the suggestions are like. */
  typed: string;
  /** What happened, for the dialog's one status line. */
  onOutcome: (text: string, tone?: "success" | "problem") => void;
};

const smallButton =
  "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-sm ring-1 transition-colors disabled:opacity-50";

/**
 * The contact's company (decision 055): the one staff linked them to, with a link to its page, or
 * the companies whose name is like the one they typed, to confirm one with `Vincular`, or
 * `Crear empresa «…»`. Nothing is linked without a click. The section reads and writes companies
 * only, which the route around the dialog neither loads nor writes: it asks the API itself, and
 * again after each of its own changes.
 */
export function ContactCompany({ contactId, typed, onOutcome }: ContactCompanyProps) {
  const [data, setData] = useState<CompanySuggestions | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      loadCompanySuggestions(contactId, signal)
        .then((answer) => {
          setData(answer);
          setProblem(null);
        })
        .catch((error: unknown) => {
          if (!signal?.aborted) setProblem(errorMessage(error));
        }),
    [contactId],
  );
  // Again when the typed company changes (the contact's details were saved).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `typed` is what the suggestions follow
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, typed]);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      onOutcome(await work());
      await load();
    } catch (error) {
      onOutcome(errorMessage(error), "problem");
    } finally {
      setBusy(false);
    }
  };
  const link = (companyId: number) => act(async () => (await linkPerson(companyId, contactId)).message);
  const create = () =>
    act(async () => {
      const company = await createCompany({ name: typed });
      await linkPerson(company.id, contactId);
      return `Se creó la empresa «${company.name}» y se vinculó el contacto.`;
    });

  return (
    <section aria-labelledby="contacto-empresa" className="grid gap-3">
      <h3 id="contacto-empresa" className="font-bold text-leaf-900 text-lg">
        Empresa
      </h3>
      {problem && <p className="text-red-700 text-sm">{problem}</p>}
      <div className="grid">
        {data?.company ? (
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-800">
            <Building2 className="size-4 text-leaf-700" aria-hidden="true" />
            Pertenece a
            <Link
              to={paths.crmCompany(data.company.id)}
              className="break-words font-semibold text-leaf-800 underline underline-offset-4"
            >
              {data.company.name}
            </Link>
            {data.company.ruc && <span className="text-stone-600">RUC {data.company.ruc}</span>}
          </p>
        ) : (
          data && <Suggestions data={data} busy={busy} onLink={link} onCreate={create} />
        )}
      </div>
    </section>
  );
}

type SuggestionsProps = {
  data: CompanySuggestions;
  busy: boolean;
  onLink: (companyId: number) => void;
  onCreate: () => void;
};

function Suggestions({ data, busy, onLink, onCreate }: SuggestionsProps) {
  if (!data.typed) return <p className="text-sm text-stone-700">No pertenece a ninguna empresa.</p>;
  return (
    <div className="grid gap-2 text-sm">
      <p className="text-stone-700">
        {data.suggestions.length > 0
          ? `Escribió «${data.typed}». ¿Es una de estas empresas?`
          : `Escribió «${data.typed}» y no hay empresas con un nombre parecido.`}
      </p>
      {data.suggestions.length > 0 && (
        <ul className="grid gap-2">
          {data.suggestions.map((company) => (
            <li
              key={company.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-2 ring-1 ring-stone-200"
            >
              <span className="min-w-0 break-words">
                <span className="font-semibold text-stone-900">{company.name}</span>
                <span className="text-stone-600">
                  {" "}
                  · {company.ruc ? `RUC ${company.ruc}` : "Sin RUC"} · {peopleText(company.people)}
                </span>
              </span>
              <button
                type="button"
                disabled={busy}
                onClick={() => onLink(company.id)}
                className={`${smallButton} text-leaf-800 ring-leaf-200 hover:bg-leaf-50`}
              >
                <Link2 className="size-4" aria-hidden="true" />
                Vincular<span className="sr-only"> con {company.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={onCreate}
        className={`${smallButton} w-fit break-words text-leaf-800 ring-leaf-200 hover:bg-leaf-50`}
      >
        <Plus className="size-4 shrink-0" aria-hidden="true" />
        Crear empresa «{data.typed}»
      </button>
    </div>
  );
}
