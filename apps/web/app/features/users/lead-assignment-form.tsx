import type { LeadAssignment, ServiceType, UserAccount } from "@app/shared";
import { ASSIGNMENT_MODE_LABELS, ASSIGNMENT_MODES, type AssignmentMode, CRM_ROLES } from "@app/shared/constants";
import { LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { compactControl } from "~/components/ui/field";
import { BlockedLeaveConfirm } from "~/components/ui/leave-confirm";
import { Notice } from "~/components/ui/notice";
import { errorMessage } from "~/lib/error-message";
import { useLeaveGuard } from "~/lib/unsaved-changes";
import { useUsersAction } from "./users-actions";

type LeadAssignmentFormProps = {
  rule: LeadAssignment;
  accounts: UserAccount[];
  /** Null when they could not be loaded: the by-product table cannot be edited then. */
  serviceTypes: ServiceType[] | null;
};

/** Product -> person as the selects hold it ("" for nobody). */
const ownersOf = (rule: LeadAssignment) =>
  new Map(rule.productOwners.map((row) => [row.serviceTypeId, String(row.userId)]));

/** The same people for the same products; a product set back to nobody counts as never set. */
const sameOwners = (a: Map<number, string>, b: Map<number, string>) => {
  const set = (owners: Map<number, string>) => [...owners].filter(([, userId]) => userId !== "");
  const left = set(a);
  return left.length === set(b).length && left.every(([id, userId]) => b.get(id) === userId);
};

/**
 * `Asignación de contactos nuevos`: who becomes `Responsable` of a lead from the site. Nobody,
 * active staff in turn, or by the product asked about first (a table of product to person).
 */
export function LeadAssignmentForm({ rule, accounts, serviceTypes }: LeadAssignmentFormProps) {
  const run = useUsersAction();
  const [mode, setMode] = useState<AssignmentMode>(rule.mode);
  const [owners, setOwners] = useState(() => ownersOf(rule));
  // A rule chosen and not saved (a whole table of products, say): leaving asks first.
  const dirtyNow = useRef(false);
  dirtyNow.current = mode !== rule.mode || !sameOwners(owners, ownersOf(rule));
  const { question } = useLeaveGuard(() => dirtyNow.current);
  const [outcome, setOutcome] = useState<{ tone: "success" | "problem"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Only those the server lets own a product's leads: staff who work contacts and can be told by email.
  const active = accounts.filter(
    (account) => account.active && account.email && (CRM_ROLES as readonly string[]).includes(account.role),
  );

  return (
    <section aria-labelledby="asignacion-titulo" className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <div>
        <h2 id="asignacion-titulo" className="font-bold text-leaf-900 text-lg">
          Asignación de contactos nuevos
        </h2>
        <p className="text-sm text-stone-700">
          Quién queda como responsable de cada solicitud que llega desde el sitio web. Cada persona recibe un correo
          cuando se le asigna un contacto.
        </p>
      </div>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      <form
        noValidate
        className="grid gap-4"
        aria-busy={busy}
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setOutcome(null);
          try {
            await run({
              intent: "save-lead-assignment",
              body: {
                mode,
                version: rule.version,
                productOwners: [...owners]
                  .filter(([, userId]) => userId !== "")
                  .map(([serviceTypeId, userId]) => ({ serviceTypeId, userId: Number(userId) })),
              },
            });
            setOutcome({ tone: "success", text: `Regla guardada: ${ASSIGNMENT_MODE_LABELS[mode]}.` });
          } catch (error) {
            setOutcome({ tone: "problem", text: errorMessage(error) });
          } finally {
            setBusy(false);
          }
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold text-leaf-900 text-sm">Regla</legend>
          {ASSIGNMENT_MODES.map((option) => (
            <label key={option} className="inline-flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="regla-asignacion"
                value={option}
                checked={mode === option}
                onChange={() => setMode(option)}
                className="size-5 accent-leaf-700"
              />
              {ASSIGNMENT_MODE_LABELS[option]}
            </label>
          ))}
        </fieldset>
        {mode === "by_product" && (
          <div className="relative overflow-x-auto">
            {serviceTypes === null ? (
              <p className="text-red-800">No se pudieron cargar los productos y servicios.</p>
            ) : (
              <table className="w-full min-w-[32rem] text-left text-sm">
                <caption className="pb-2 text-left text-stone-700">
                  Responsable por producto o servicio (sin responsable: el contacto queda sin asignar)
                </caption>
                <thead className="bg-leaf-50 text-leaf-900">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Producto o servicio
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Responsable
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-200">
                  {serviceTypes.map((type) => (
                    <tr key={type.id}>
                      <th scope="row" className="px-3 py-2 font-normal">
                        {type.title}
                      </th>
                      <td className="px-3 py-2">
                        <select
                          aria-label={`Responsable de ${type.title}`}
                          value={owners.get(type.id) ?? ""}
                          onChange={(event) => setOwners(new Map(owners).set(type.id, event.target.value))}
                          className={`${compactControl} w-full`}
                        >
                          <option value="">Sin responsable</option>
                          {active.map((account) => (
                            <option key={account.id} value={account.id}>
                              {account.displayName}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
        <div>
          <button type="submit" disabled={busy} className={`${buttonStyles.primary} min-h-11`}>
            {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
            Guardar regla
          </button>
        </div>
      </form>
      <BlockedLeaveConfirm question={question} />
    </section>
  );
}
