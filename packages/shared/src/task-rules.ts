// Tasks and internal notes: their limits, groups and Spanish texts. Zod-free, for any screen.

/** Ecuador's time zone: due times are typed and grouped in it (no daylight saving time). */
export const BUSINESS_TIME_ZONE = "America/Guayaquil";

export const TASK_GROUPS = ["vencidas", "hoy", "proximas", "hechas"] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];

export const TASK_GROUP_LABELS: Record<TaskGroup, string> = {
  vencidas: "Vencidas",
  hoy: "Hoy",
  proximas: "Próximas",
  hechas: "Hechas",
};

export const TASK_LIMITS = {
  title: 200,
  note: 5000,
  /** Tasks one list answer carries (`total` says how many match). */
  list: 200,
} as const;

export const TASK_MESSAGES = {
  titleRequired: "Escribe la tarea",
  dueRequired: "Indica la fecha y la hora",
  dueInvalid: "La fecha y la hora no son válidas",
  nothingToChange: "No hay nada que cambiar",
  noteRequired: "Escribe la nota",
  taskNotFound: "No existe esa tarea.",
  noteNotFound: "No existe esa nota.",
  taskChanged: "Otra persona cambió esta tarea mientras la veías. Revisa los datos actuales e inténtalo de nuevo.",
  notYourNote: "Solo quien escribió la nota puede editarla.",
} as const;
