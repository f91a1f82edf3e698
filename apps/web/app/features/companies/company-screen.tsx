import type { CompanyDetail } from "@app/shared";
import { ArrowLeft, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";
import { useCompaniesAction } from "./companies-actions";
import { CompanyDetailsForm } from "./company-details-form";
import { CompanyPeople } from "./company-people";
import { CompanyDocuments, CompanyOpportunities } from "./company-sales";
import { CompanyTimeline } from "./company-timeline";
import { MergeCompany } from "./merge-company";

export type CompanyScreenProps = { detail: CompanyDetail };

type Outcome = { tone: "success" | "problem"; text: string } | null;

const panel = "rounded-2xl bg-white p-4 ring-1 ring-stone-200 md:p-5";

/**
 * One company on one page: its details (editable), its people, their opportunities, its quotes and
 * orders, their timeline, and the merge of a duplicate into it.
 */
export function CompanyScreen({ detail }: CompanyScreenProps) {
  const { company, people } = detail;
  const { run } = useCompaniesAction();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [deleting, setDeleting] = useState(false);
  const say = (text: string, tone: "success" | "problem" = "success") => setOutcome({ tone, text });

  return (
    <div className="grid gap-6">
      {/* The status line takes room only when it says something; it is always there, so it is announced. */}
      <div className="grid">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            to={paths.crmCompanies}
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-leaf-800 underline underline-offset-4"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Volver a Empresas
          </Link>
          {people.length === 0 && (
            <button
              type="button"
              onClick={() => setDeleting(true)}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-red-800 text-sm ring-1 ring-red-200 hover:bg-red-50"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Eliminar empresa
            </button>
          )}
        </div>
        <p
          role="status"
          className={`text-sm not-empty:mt-3 ${outcome?.tone === "problem" ? "font-medium text-red-700" : "text-leaf-800"}`}
        >
          {outcome?.text}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className={panel}>
          <CompanyDetailsForm key={company.id} company={company} />
        </div>
        <div className={`${panel} grid gap-6`}>
          <CompanyPeople companyId={company.id} companyName={company.name} people={people} onOutcome={say} />
          <CompanyOpportunities companyId={company.id} opportunities={detail.opportunities} />
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <div className={panel}>
          <CompanyDocuments kind="quotes" documents={detail.quotes} />
        </div>
        <div className={panel}>
          <CompanyDocuments kind="orders" documents={detail.orders} />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className={panel}>
          <CompanyTimeline entries={detail.timeline} />
        </div>
        <div className={panel}>
          <MergeCompany key={company.id} companyId={company.id} companyName={company.name} onOutcome={say} />
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        title={`¿Eliminar la empresa «${company.name}»?`}
        confirmLabel="Eliminar empresa"
        describeError={errorMessage}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          // The route's action goes back to the list once it is gone.
          await run({ intent: "delete-company", companyId: company.id });
        }}
      >
        <p>Sus cotizaciones y pedidos, si los tiene, se conservan sin empresa. No se puede deshacer.</p>
      </ConfirmDialog>
    </div>
  );
}
