import type { CompanyLinkResult, CompanyPerson, ContactMessageGroup } from "@app/shared";
import { SEARCH_DEBOUNCE_MS, STAGE_LABELS } from "@app/shared/constants";
import { UserPlus, UserX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { inputStyles } from "~/components/ui/field";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";
import { useCompaniesAction } from "./companies-actions";
import { searchContacts } from "./companies-api";

export type CompanyPeopleProps = {
  companyId: number;
  companyName: string;
  people: CompanyPerson[];
  /** What a change did, in a sentence for the page's status line. */
  onOutcome: (text: string, tone?: "success" | "problem") => void;
};

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const smallButton =
  "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-sm ring-1 transition-colors disabled:opacity-50";

/** `Personas`: the company's contacts, each leading to the contact's dialog; add and remove them. */
export function CompanyPeople({ companyId, companyName, people, onOutcome }: CompanyPeopleProps) {
  const { run } = useCompaniesAction();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The search closes (added, cancelled, Escape): the keyboard goes on from the button that opened it.
  const stopAdding = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const unlink = async (person: CompanyPerson) => {
    setBusyId(person.id);
    try {
      await run({ intent: "unlink-person", companyId, clientId: person.id });
      onOutcome(`${fullName(person)} ya no es parte de «${companyName}».`);
      // The button pressed went with its row: the keyboard goes on from the section.
      heading.current?.focus();
    } catch (error) {
      onOutcome(errorMessage(error), "problem");
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section aria-labelledby="empresa-personas" className="grid gap-3">
      <h2
        id="empresa-personas"
        ref={heading}
        tabIndex={-1}
        className="font-bold text-leaf-900 text-xl focus:outline-none"
      >
        Personas ({people.length})
      </h2>
      {people.length === 0 ? (
        <p className="text-stone-700">Nadie de esta empresa está vinculado todavía.</p>
      ) : (
        <ul className="grid gap-2">
          {people.map((person) => (
            <li key={person.id} className="flex flex-col gap-2 rounded-2xl bg-white p-3 ring-1 ring-stone-200">
              <div className="min-w-0 text-sm">
                <Link
                  to={paths.crmContact(person.id)}
                  className="break-words font-semibold text-base text-leaf-800 underline underline-offset-4"
                >
                  {fullName(person)}
                </Link>
                <p className="break-words text-stone-700">{person.email}</p>
                <p className="text-stone-700">
                  {STAGE_LABELS[person.stage]} · {person.owner?.displayName ?? "Sin responsable"}
                </p>
              </div>
              <button
                type="button"
                disabled={busyId === person.id}
                onClick={() => unlink(person)}
                className={`${smallButton} self-start text-red-800 ring-red-200 hover:bg-red-50`}
              >
                <UserX className="size-4" aria-hidden="true" />
                Quitar de la empresa<span className="sr-only"> a {fullName(person)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <AddPerson
          companyId={companyId}
          members={new Set(people.map((person) => person.id))}
          onOutcome={onOutcome}
          onDone={stopAdding}
          run={run}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          onClick={() => setAdding(true)}
          className={`${smallButton} w-fit text-leaf-800 ring-leaf-200 hover:bg-leaf-50`}
        >
          <UserPlus className="size-4" aria-hidden="true" />
          Agregar persona
        </button>
      )}
    </section>
  );
}

type AddPersonProps = {
  companyId: number;
  members: ReadonlySet<number>;
  onOutcome: CompanyPeopleProps["onOutcome"];
  onDone: () => void;
  run: ReturnType<typeof useCompaniesAction>["run"];
};

/**
 * `Agregar persona`: finds contacts through the contacts' own search as the person types (a read,
 * so a direct call), and adds the one chosen. Someone of another company moves, and is told so.
 */
function AddPerson({ companyId, members, onOutcome, onDone, run }: AddPersonProps) {
  const [text, setText] = useState("");
  const [found, setFound] = useState<ContactMessageGroup[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    const keyword = text.trim();
    if (keyword.length < 2) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchContacts(keyword, controller.signal)
        .then((page) => {
          setFound(page.content);
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
  }, [text]);

  const add = async (clientId: number) => {
    setBusyId(clientId);
    try {
      const linked = await run<CompanyLinkResult>({ intent: "link-person", companyId, clientId });
      onOutcome(linked.message);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusyId(null);
    }
  };

  const candidates = found?.filter((group) => !members.has(group.client.id)) ?? null;
  return (
    <div className="grid gap-2 rounded-2xl bg-leaf-50 p-3 ring-1 ring-leaf-200">
      <label htmlFor="empresa-agregar-persona" className="font-semibold text-leaf-900 text-sm">
        Buscar contacto para agregar
      </label>
      <input
        ref={input}
        id="empresa-agregar-persona"
        type="search"
        autoComplete="off"
        maxLength={100}
        placeholder="Nombre, correo, teléfono o empresa"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
        }}
        className={inputStyles(false)}
      />
      <div role="status" className="text-sm text-stone-700">
        {problem ??
          (candidates === null
            ? "Escribe al menos 2 letras."
            : candidates.length === 0
              ? "No se encontraron contactos fuera de esta empresa."
              : `${candidates.length} contactos encontrados.`)}
      </div>
      {candidates && candidates.length > 0 && (
        <ul className="grid gap-2">
          {candidates.map(({ client }) => (
            <li
              key={client.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-2 ring-1 ring-stone-200"
            >
              <span className="min-w-0 break-words text-sm">
                <span className="font-semibold text-stone-900">{fullName(client)}</span>
                {client.company && <span className="text-stone-700"> · {client.company}</span>}
              </span>
              <button
                type="button"
                disabled={busyId !== null}
                onClick={() => add(client.id)}
                className={`${smallButton} text-leaf-800 ring-leaf-200 hover:bg-leaf-50`}
              >
                Agregar<span className="sr-only"> a {fullName(client)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={onDone}
        className={`${smallButton} w-fit text-stone-800 ring-stone-300 hover:bg-white`}
      >
        Cancelar
      </button>
    </div>
  );
}
