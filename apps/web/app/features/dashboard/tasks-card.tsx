import type { Dashboard } from "@app/shared";
import { CircleAlert, ListTodo } from "lucide-react";
import { Link } from "react-router";
import { paths } from "~/lib/paths";

const tasksWord = (count: number) => (count === 1 ? "tarea abierta" : "tareas abiertas");

type FigureProps = { id: string; label: string; open: number; overdue: number; to: string; linkText: string };

/** One owner's figure: open tasks, the overdue ones said in words (the colour only repeats it), and where to see them. */
function Figure({ id, label, open, overdue, to, linkText }: FigureProps) {
  return (
    <div className="grid grid-cols-1 content-start gap-1 rounded-xl bg-stone-50 p-4">
      <h3 id={id} className="font-semibold text-sm text-stone-700">
        {label}
      </h3>
      <p className="text-stone-700 text-sm">
        <span className="font-bold text-3xl text-leaf-900 tabular-nums">{open}</span> {tasksWord(open)}
      </p>
      <p className={`flex items-center gap-1 text-sm ${overdue > 0 ? "font-semibold text-red-800" : "text-stone-700"}`}>
        {overdue > 0 && <CircleAlert className="size-4 shrink-0" aria-hidden="true" />}
        {overdue === 0 ? "Ninguna vencida" : overdue === 1 ? "1 vencida" : `${overdue} vencidas`}
      </p>
      <Link
        to={to}
        className="mt-1 inline-flex min-h-11 items-center font-semibold text-leaf-800 text-sm underline underline-offset-4 hover:text-leaf-900"
      >
        {linkText}
      </Link>
    </div>
  );
}

/** `Tareas pendientes`: my open tasks and the team's, from the data, with the overdue ones apart. */
export function TasksCard({ tasks }: { tasks: Dashboard["tasks"] }) {
  return (
    <section
      aria-labelledby="tareas-pendientes"
      className="grid grid-cols-1 content-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <div className="flex items-center gap-2">
        <ListTodo className="size-6 shrink-0 text-petal-700" aria-hidden="true" />
        <h2 id="tareas-pendientes" className="font-bold text-leaf-900 text-lg">
          Tareas pendientes
        </h2>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Figure
          id="tareas-mias"
          label="Mías"
          open={tasks.mineOpen}
          overdue={tasks.mineOverdue}
          to={paths.crmTasks}
          linkText="Ver mis tareas"
        />
        <Figure
          id="tareas-equipo"
          label="Del equipo"
          open={tasks.teamOpen}
          overdue={tasks.teamOverdue}
          to={paths.crmTeamTasks}
          linkText="Ver las tareas del equipo"
        />
      </div>
    </section>
  );
}
