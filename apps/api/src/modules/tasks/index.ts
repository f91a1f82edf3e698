// The tasks' public face: what other modules and the composition root may use.
export { taskEmailRenderers } from "./email-renderers.ts";
export { addReminderTask, closeReminderTask, type ReminderTask } from "./reminder-tasks.ts";
export { anonymiseTasksOf } from "./repo.ts";
