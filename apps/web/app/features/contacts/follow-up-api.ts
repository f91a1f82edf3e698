import type {
  InternalNote,
  NewTaskInput,
  Opportunity,
  OpportunityCreateInput,
  OwnerChangeInput,
  Pipeline,
  StaffMember,
  StageChangeInput,
  Task,
  TaskChangeInput,
  TimelineEvent,
} from "@app/shared";
import { authRequest } from "~/lib/api-client";

// A contact's follow-up calls (issue 13): stage, owner, tasks, internal notes and timeline.

export const changeStage = (contactId: number, body: StageChangeInput) =>
  authRequest<Pipeline>(`/clients/${contactId}/stage`, { method: "PATCH", body });

export const changeOwner = (contactId: number, body: OwnerChangeInput) =>
  authRequest<Pipeline & { ownerNotified: boolean }>(`/clients/${contactId}/owner`, { method: "PATCH", body });

export const loadTimeline = (contactId: number, signal?: AbortSignal) =>
  authRequest<{ events: TimelineEvent[] }>(`/clients/${contactId}/timeline`, { signal }).then(
    (answer) => answer.events,
  );

/** Every open task of the contact, whoever has it. */
export const loadContactTasks = (contactId: number, signal?: AbortSignal) =>
  authRequest<{ tasks: Task[] }>(`/tasks?owner=all&clientId=${contactId}`, { signal }).then((answer) => answer.tasks);

/** `/crm/tareas`: mine or the team's, open or done. */
export const loadTasks = (owner: "me" | "all", status: "open" | "done", signal?: AbortSignal) =>
  authRequest<{ tasks: Task[]; total: number }>(`/tasks?owner=${owner}&status=${status}`, { signal });

export const createTask = (contactId: number, body: NewTaskInput) =>
  authRequest<Task>(`/clients/${contactId}/tasks`, { method: "POST", body });

export const changeTask = (id: number, body: TaskChangeInput) =>
  authRequest<Task>(`/tasks/${id}`, { method: "PATCH", body });

export const addInternalNote = (contactId: number, body: string) =>
  authRequest<InternalNote>(`/clients/${contactId}/notes`, { method: "POST", body: { body } });

let staff: Promise<StaffMember[]> | undefined;

/** Who can be `Responsable`: asked once per page load (again after a failure), like the service types. */
export function loadStaff() {
  staff ??= authRequest<StaffMember[]>("/staff").catch((error: unknown) => {
    staff = undefined;
    throw error;
  });
  return staff;
}

/** The contact's opportunities, newest first (issue 33). */
export const loadOpportunities = (contactId: number, signal?: AbortSignal) =>
  authRequest<{ opportunities: Opportunity[] }>(`/clients/${contactId}/opportunities`, { signal }).then(
    (answer) => answer.opportunities,
  );

/** `Nueva oportunidad`: it becomes the contact's current one. */
export const createOpportunity = (body: OpportunityCreateInput) =>
  authRequest<Opportunity>("/opportunities", { method: "POST", body });
