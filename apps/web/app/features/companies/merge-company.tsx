import type { CompanyListItem, CompanyMergeResult } from "@app/shared";
import { SEARCH_DEBOUNCE_MS } from "@app/shared/constants";
import { Merge } from "lucide-react";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { inputStyles } from "~/components/ui/field";
import { errorMessage } from "~/lib/error-message";
import { useCompaniesAction } from "./companies-actions";
import { loadCompanies } from "./companies-api";
import { peopleText } from "./companies-list";

export type MergeCompanyProps = {
  companyId: number;
  companyName: string;
  onOutcome: (text: string, tone?: "success" | "problem") => void;
};

const smallButton =
  "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-sm ring-1 transition-colors disabled:opacity-50";

/**
 * `Fusionar con otra empresa`: a duplicate (the same farm typed twice) is found by name or RUC and
 * merged into this one, after a question naming both. This company stays; the other goes.
 */
export function MergeCompany({ companyId, companyName, onOutcome }: MergeCompanyProps) {
  const { run } = useCompaniesAction();
  const [text, setText] = useState("");
  const [found, setFound] = useState<CompanyListItem[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<CompanyListItem | null>(null);

  // A read as the person types (the list's own search): a direct call, nothing changes.
  useEffect(() => {
    const keyword = text.trim();
    if (keyword.length < 2) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadCompanies(keyword, 0, controller.signal)
        .then((page) => {
          setFound(page.content.filter((company) => company.id !== companyId));
          setProblem(null);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setProblem(errorMessage(error));
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, companyId]);

  return (
    <section aria-labelledby="empresa-fusionar" className="grid content-start gap-3">
      <h2 id="empresa-fusionar" className="font-bold text-leaf-900 text-xl">
        Fusionar con otra empresa
      </h2>
      <p className="text-sm text-stone-700">
        Si la misma finca está registrada dos veces, busca la otra y fusiónala con esta: sus personas, cotizaciones y
        pedidos pasan aquí.
      </p>
      <label htmlFor="empresa-fusionar-busqueda" className="font-semibold text-leaf-900 text-sm">
        Buscar la empresa duplicada
      </label>
      <input
        id="empresa-fusionar-busqueda"
        type="search"
        autoComplete="off"
        maxLength={100}
        placeholder="Nombre o RUC"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={inputStyles(false)}
      />
      <div role="status" className="text-sm text-stone-700">
        {problem ??
          (found === null
            ? ""
            : found.length === 0
              ? "No se encontraron otras empresas."
              : `${found.length} empresas encontradas.`)}
      </div>
      {found && found.length > 0 && (
        <ul className="grid gap-2">
          {found.map((company) => (
            <li
              key={company.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-2 ring-1 ring-stone-200"
            >
              <span className="min-w-0 break-words text-sm">
                <span className="font-semibold text-stone-900">{company.name}</span>
                <span className="text-stone-700">
                  {" "}
                  · {company.ruc ? `RUC ${company.ruc}` : "Sin RUC"} · {peopleText(company.people)}
                </span>
              </span>
              <button
                type="button"
                onClick={() => setChosen(company)}
                className={`${smallButton} text-leaf-800 ring-leaf-200 hover:bg-leaf-50`}
              >
                <Merge className="size-4" aria-hidden="true" />
                Fusionar<span className="sr-only"> {company.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={chosen !== null}
        title={`¿Fusionar «${chosen?.name ?? ""}» con «${companyName}»?`}
        confirmLabel="Fusionar empresas"
        describeError={errorMessage}
        onClose={() => setChosen(null)}
        focusAfterConfirm={() => document.getElementById("empresa-fusionar-busqueda")}
        onConfirm={async () => {
          if (!chosen) return;
          const merged = await run<CompanyMergeResult>({
            intent: "merge-companies",
            companyId,
            fromId: chosen.id,
          });
          setText("");
          onOutcome(
            `Se fusionó «${chosen.name}» con «${merged.company.name}»: ${peopleText(merged.movedPeople)} ${merged.movedPeople === 1 ? "pasó" : "pasaron"} a esta empresa.`,
          );
        }}
      >
        <p>
          Las personas, cotizaciones y pedidos de «{chosen?.name}» pasarán a «{companyName}», que tomará de ella los
          datos que le falten. «{chosen?.name}» dejará de existir. No se puede deshacer.
        </p>
      </ConfirmDialog>
    </section>
  );
}
