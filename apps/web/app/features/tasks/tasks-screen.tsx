import type { Task } from "@app/shared";
import { TASK_GROUP_LABELS, type TaskGroup } from "@app/shared/constants";
import { useState } from "react";
import { Link } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Notice } from "~/components/ui/notice";
import { dueText, useContactsAction } from "~/features/contacts";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";

/** Whose tasks and which: the address says it (`?de=equipo`, `?estado=hechas`). */
export type TasksQuery = { owner: "me" | "all"; status: "open" | "done" };

export function parseTasksQuery(params: URLSearchParams): TasksQuery {
  return {
    owner: params.get("de") === "equipo" ? "all" : "me",
    status: params.get("estado") === "hechas" ? "done" : "open",
  };
}

const addressOf = (query: TasksQuery) => {
  const params = new URLSearchParams();
  if (query.owner === "all") params.set("de", "equipo");
  if (query.status === "done") params.set("estado", "hechas");
  return paths.crmTasksAt(params.toString());
};

const OPEN_GROUPS: TaskGroup[] = ["vencidas", "hoy", "proximas"];

export type TasksScreenProps = { query: TasksQuery; tasks: Task[] | null; total: number; problem: string | null };

/** `/crm/tareas`: my open tasks by default, grouped Vencidas, Hoy, Próximas, each with its contact. */
export function TasksScreen({ query, tasks, total, problem }: TasksScreenProps) {
  const action = useContactsAction();
  const [outcome, setOutcome] = useState<{ tone: "success" | "problem"; text: string } | null>(null);
  const [marking, setMarking] = useState<number | null>(null);
  const groups = query.status === "done" ? (["hechas"] as TaskGroup[]) : OPEN_GROUPS;
  const tab = (to: TasksQuery, label: string) => {
    const current = to.owner === query.owner && to.status === query.status;
    return (
      <Link
        to={addressOf(to)}
        aria-current={current ? "page" : undefined}
        className={`inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-sm ring-1 ${
          current ? "bg-leaf-800 text-white ring-leaf-800" : "bg-white text-leaf-800 ring-leaf-200 hover:bg-leaf-50"
        }`}
      >
        {label}
      </Link>
    );
  };

  return (
    <>
      <CrmPageHeader title="Tareas" subtitle="Seguimiento de contactos: lo que hay que hacer y cuándo" />
      <nav aria-label="Qué tareas" className="mb-4 flex flex-wrap gap-2">
        {tab({ owner: "me", status: query.status }, "Mis tareas")}
        {tab({ owner: "all", status: query.status }, "Del equipo")}
        {tab(
          { owner: query.owner, status: query.status === "open" ? "done" : "open" },
          query.status === "open" ? "Ver hechas" : "Ver abiertas",
        )}
      </nav>
      <p
        role="status"
        className={`mb-3 min-h-5 text-sm ${outcome?.tone === "problem" ? "font-medium text-red-700" : "text-leaf-800"}`}
      >
        {outcome?.text}
      </p>
      {problem && <Notice tone="problem">{problem}</Notice>}
      {tasks && total > tasks.length && (
        <p className="mb-3 text-sm text-stone-600">
          Se muestran las {tasks.length} primeras de {total} tareas.
        </p>
      )}
      <div className="grid gap-6">
        {tasks &&
          groups.map((group) => {
            const inGroup = tasks.filter((task) => task.group === group);
            return (
              <section key={group} aria-labelledby={`tareas-${group}`} className="grid gap-2">
                <h2 id={`tareas-${group}`} className="font-bold text-leaf-900 text-xl">
                  {TASK_GROUP_LABELS[group]} ({inGroup.length})
                </h2>
                {inGroup.length === 0 ? (
                  <p className="text-sm text-stone-600">Nada aquí.</p>
                ) : (
                  <ul className="grid gap-2">
                    {inGroup.map((task) => (
                      <li
                        key={task.id}
                        className="flex items-start gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-200"
                      >
                        <input
                          id={`tarea-${task.id}`}
                          type="checkbox"
                          checked={marking === task.id ? !task.done : task.done}
                          disabled={action.busy}
                          onChange={async () => {
                            setMarking(task.id);
                            try {
                              await action.run({
                                intent: "change-task",
                                taskId: task.id,
                                body: { done: !task.done, version: task.version },
                              });
                              setOutcome({
                                tone: "success",
                                text: task.done
                                  ? `Tarea "${task.title}" abierta de nuevo.`
                                  : `Tarea "${task.title}" hecha.`,
                              });
                            } catch (error) {
                              setOutcome({ tone: "problem", text: errorMessage(error) });
                            } finally {
                              setMarking(null);
                            }
                          }}
                          className="mt-1 size-5 accent-leaf-700"
                        />
                        <div className="grid gap-0.5 text-sm">
                          <label htmlFor={`tarea-${task.id}`} className="font-semibold text-stone-900">
                            {task.title}
                          </label>
                          <span className={group === "vencidas" ? "font-medium text-red-700" : "text-stone-600"}>
                            {dueText(task.dueAt)}
                            {query.owner === "all" && task.owner ? ` · ${task.owner.displayName}` : ""}
                          </span>
                          <Link
                            to={paths.crmContact(task.clientId)}
                            className="w-fit font-medium text-leaf-700 underline"
                          >
                            {task.clientName}
                            {task.company ? ` (${task.company})` : ""}
                          </Link>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
      </div>
    </>
  );
}
