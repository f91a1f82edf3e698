import type { StaffMember, Task } from "@app/shared";
import { BUSINESS_TIME_ZONE, TASK_GROUP_LABELS, TASK_LIMITS } from "@app/shared/constants";
import { ListPlus, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { errorMessage, fieldErrors } from "~/lib/error-message";
import { lazily } from "~/lib/lazily";
import { useTrackedEdit } from "~/lib/unsaved-changes";
import { StaffOptions } from "./choice-options";
import { useContactsAction } from "./contacts-actions";

const dueFormat = lazily(
  () =>
    new Intl.DateTimeFormat("es-EC", {
      timeZone: BUSINESS_TIME_ZONE,
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
    }),
);

/** When a task is due, in Ecuador's time, as people say it ("lun, 1 dic, 09:30"). */
export const dueText = (iso: string) => dueFormat().format(new Date(iso));

export type ContactTasksProps = {
  contactId: number;
  /** The contact's open tasks, soonest first; null when they could not be loaded. */
  tasks: Task[] | null;
  staff: StaffMember[] | null;
  onOutcome: (text: string, tone?: "success" | "problem") => void;
};

/** The contact's open tasks with a box to mark each done, and `Nueva tarea`. */
export function ContactTasks({ contactId, tasks, staff, onOutcome }: ContactTasksProps) {
  const action = useContactsAction();
  const [adding, setAdding] = useState(false);
  // The box shows the person's click at once; the task leaves the list when the route reloads.
  const [marking, setMarking] = useState<number | null>(null);
  return (
    <section aria-labelledby="contacto-tareas" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="contacto-tareas" tabIndex={-1} className="font-bold text-leaf-900 text-lg focus:outline-none">
          Tareas{tasks ? ` (${tasks.length})` : ""}
        </h3>
        {!adding && (
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50"
          >
            <ListPlus className="size-4" aria-hidden="true" />
            Nueva tarea
          </button>
        )}
      </div>
      {adding && (
        <NewTaskForm
          contactId={contactId}
          staff={staff}
          onDone={(text) => {
            setAdding(false);
            if (text) onOutcome(text);
            document.getElementById("contacto-tareas")?.focus();
          }}
        />
      )}
      {tasks === null ? (
        <p className="text-sm text-stone-600">No se pudieron cargar las tareas.</p>
      ) : tasks.length === 0 ? (
        <p className="text-sm text-stone-600">No hay tareas abiertas.</p>
      ) : (
        <ul className="grid gap-2">
          {tasks.map((task) => (
            <li key={task.id} className="flex items-start gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-200">
              <input
                id={`tarea-${task.id}`}
                type="checkbox"
                checked={task.done || marking === task.id}
                disabled={action.busy}
                onChange={async (event) => {
                  setMarking(event.target.checked ? task.id : null);
                  try {
                    await action.run({
                      intent: "change-task",
                      taskId: task.id,
                      body: { done: event.target.checked, version: task.version },
                    });
                    onOutcome(`Tarea "${task.title}" hecha.`);
                  } catch (error) {
                    setMarking(null);
                    onOutcome(errorMessage(error), "problem");
                  }
                }}
                className="mt-1 size-5 accent-leaf-700"
              />
              <label htmlFor={`tarea-${task.id}`} className="grid gap-0.5 text-sm">
                <span className="font-semibold text-stone-900">{task.title}</span>
                <span className={task.group === "vencidas" ? "font-medium text-red-700" : "text-stone-600"}>
                  {TASK_GROUP_LABELS[task.group]} · {dueText(task.dueAt)}
                  {task.owner ? ` · ${task.owner.displayName}` : ""}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type TaskErrors = Partial<Record<"title" | "dueAt" | "ownerId", string>>;

function NewTaskForm({
  contactId,
  staff,
  onDone,
}: {
  contactId: number;
  staff: StaffMember[] | null;
  onDone: (text: string | null) => void;
}) {
  const action = useContactsAction();
  const [title, setTitle] = useState("");
  const [dueAt, setDueAt] = useState("");
  const [ownerId, setOwnerId] = useState("");
  const [errors, setErrors] = useState<TaskErrors>({});
  const [problem, setProblem] = useState<string>();
  // A task half written has its own `Guardar tarea`: only guarded against a close (decision 047).
  useTrackedEdit("nueva-tarea", { dirty: title.trim() !== "" || dueAt !== "" });

  return (
    <form
      noValidate
      aria-busy={action.busy}
      aria-label="Nueva tarea"
      className="grid gap-2 rounded-2xl bg-leaf-50 p-4 ring-1 ring-leaf-200"
      onSubmit={async (event) => {
        event.preventDefault();
        const missing: TaskErrors = {
          ...(title.trim() === "" ? { title: "Escribe la tarea" } : {}),
          ...(dueAt === "" ? { dueAt: "Indica la fecha y la hora" } : {}),
        };
        setErrors(missing);
        if (Object.keys(missing).length > 0) return;
        try {
          await action.run({
            intent: "create-task",
            contactId,
            body: { title, dueAt, ...(ownerId ? { ownerId: Number(ownerId) } : {}) },
          });
          onDone(`Tarea "${title.trim()}" creada.`);
        } catch (error) {
          const byField = fieldErrors(error, ["title", "dueAt", "ownerId"] as const);
          setErrors(byField);
          setProblem(Object.keys(byField).length === 0 ? errorMessage(error) : undefined);
        }
      }}
    >
      <Field id="tarea-titulo" label="Tarea" error={errors.title}>
        <input
          id="tarea-titulo"
          // biome-ignore lint/a11y/noAutofocus: opened on request, inside a dialog
          autoFocus
          value={title}
          maxLength={TASK_LIMITS.title}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={describedBy("tarea-titulo", { error: errors.title })}
          className={inputStyles(Boolean(errors.title))}
        />
      </Field>
      <div className="grid gap-2 sm:grid-cols-2">
        <Field id="tarea-fecha" label="Fecha y hora" hint="Hora de Ecuador." error={errors.dueAt}>
          <input
            id="tarea-fecha"
            type="datetime-local"
            value={dueAt}
            onChange={(event) => setDueAt(event.target.value)}
            aria-invalid={Boolean(errors.dueAt)}
            aria-describedby={describedBy("tarea-fecha", { error: errors.dueAt, hint: true })}
            className={inputStyles(Boolean(errors.dueAt))}
          />
        </Field>
        <Field id="tarea-responsable" label="Responsable de la tarea" error={errors.ownerId}>
          <select
            id="tarea-responsable"
            value={ownerId}
            onChange={(event) => setOwnerId(event.target.value)}
            aria-invalid={Boolean(errors.ownerId)}
            aria-describedby={describedBy("tarea-responsable", { error: errors.ownerId })}
            className={inputStyles(Boolean(errors.ownerId))}
          >
            <option value="">Yo</option>
            <StaffOptions staff={staff} />
          </select>
        </Field>
      </div>
      {problem && <p className="font-medium text-red-700 text-sm">{problem}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={() => onDone(null)} className={`${buttonStyles.secondary} min-h-11`}>
          Cancelar
        </button>
        <button type="submit" disabled={action.busy} className={`${buttonStyles.primary} min-h-11`}>
          {action.busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Guardar tarea
        </button>
      </div>
    </form>
  );
}
