import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { contactRequest, countRows, postContact, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { businessDay } from "../../kernel/business-time.ts";

type Task = {
  id: number;
  clientId: number;
  title: string;
  dueAt: string;
  owner: { id: number; displayName: string } | null;
  done: boolean;
  group: string;
  version: number;
};

/** A wall-clock time in Ecuador `days` from today, as the form's datetime-local input sends it. */
function ecuadorTime(days: number, time: string) {
  const day = new Date(`${businessDay(new Date())}T12:00:00-05:00`);
  day.setUTCDate(day.getUTCDate() + days);
  return `${day.toISOString().slice(0, 10)}T${time}`;
}

describe.each(engines)("tasks and internal notes on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let adminId: number;
  let clientId: number;

  const call = (method: "GET" | "PATCH" | "POST", url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const newTask = (payload: object, as = token) => call("POST", `/api/clients/${clientId}/tasks`, payload, as);
  const timelineKinds = async () =>
    ((await call("GET", `/api/clients/${clientId}/timeline`)).json() as { events: { kind: string }[] }).events.map(
      (event) => event.kind,
    );

  beforeAll(async () => {
    t = await createAuthTestApp(engine, { contactRateLimit: [{ max: 1000, windowMs: 60_000 }] });
    token = (await signIn(t.app, ADMIN)).accessToken;
    const users = (await call("GET", "/api/users")).json() as { id: number; username: string }[];
    adminId = users.find((user) => user.username === ADMIN.username)?.id ?? 0;
  });
  beforeEach(async () => {
    await resetContactTables(t.app.db);
    expect((await postContact(t.app, contactRequest({ email: "marco@floresdelsur.ec" }))).statusCode).toBe(201);
    const page = (await call("GET", "/api/client-message")).json() as { content: { client: { id: number } }[] };
    clientId = page.content[0]?.client.id ?? 0;
  });
  afterAll(() => t.close());

  it("creates a task due at a time in Ecuador, mine by default, on the contact's timeline", async () => {
    const created = await newTask({ title: "  Llamar para confirmar la cotización ", dueAt: "2026-12-01T09:30" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      clientId,
      title: "Llamar para confirmar la cotización",
      dueAt: "2026-12-01T14:30:00.000Z",
      owner: { id: adminId },
      done: false,
      version: 0,
    });
    expect((await timelineKinds())[0]).toBe("task_created");
    const audit = (await call("GET", "/api/audit-log")).json() as { content: { action: string }[] };
    expect(audit.content[0]?.action).toBe("task_created");
  });

  it("names each bad field, and answers 404 for an unknown contact", async () => {
    const cases: [object, string][] = [
      [{ dueAt: "2026-12-01T09:30" }, "title"],
      [{ title: "   ", dueAt: "2026-12-01T09:30" }, "title"],
      [{ title: "Visita", dueAt: "2026-02-30T10:00" }, "dueAt"],
      [{ title: "Visita", dueAt: "mañana" }, "dueAt"],
      [{ title: "Visita", dueAt: "2026-12-01T09:30", ownerId: 987654 }, "ownerId"],
    ];
    for (const [payload, path] of cases) {
      const refused = await newTask(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect((refused.json().details as { path: string }[]).map((detail) => detail.path)).toContain(path);
    }
    expect((await newTask({ title: "Visita", dueAt: "2026-12-01T09:30", extra: 1 })).statusCode).toBe(400);
    const unknown = await call("POST", "/api/clients/999999/tasks", { title: "Visita", dueAt: "2026-12-01T09:30" });
    expect(unknown.statusCode).toBe(404);
  });

  it("lists my open tasks soonest first in Vencidas, Hoy and Próximas; the team's with owner=all", async () => {
    const colleague = await createReadyStaff(t.app, token);
    await newTask({ title: "Próxima semana", dueAt: ecuadorTime(7, "10:00") });
    await newTask({ title: "Ayer", dueAt: ecuadorTime(-1, "10:00") });
    await newTask({ title: "De otra persona", dueAt: ecuadorTime(1, "10:00"), ownerId: colleague.id });
    const lateToday = new Date().getUTCHours() !== 4; // 23:00-23:59 in Ecuador: "today" is nearly over
    if (lateToday) await newTask({ title: "Hoy", dueAt: ecuadorTime(0, "23:59") });

    const mine = (await call("GET", "/api/tasks")).json() as { tasks: Task[]; total: number };
    expect(mine.tasks.map((task) => [task.title, task.group])).toEqual([
      ["Ayer", "vencidas"],
      ...(lateToday ? [["Hoy", "hoy"]] : []),
      ["Próxima semana", "proximas"],
    ]);
    const team = (await call("GET", "/api/tasks?owner=all")).json() as { tasks: Task[] };
    expect(team.tasks.map((task) => task.title)).toContain("De otra persona");
    const theirs = (await call("GET", `/api/tasks?owner=${colleague.id}`)).json() as { tasks: Task[] };
    expect(theirs.tasks.map((task) => task.title)).toEqual(["De otra persona"]);
    expect((await call("GET", "/api/tasks?owner=nadie")).statusCode).toBe(400);
  });

  it("marks a task done and undone with the version seen, each on the timeline; a stale change gets 409", async () => {
    const task = (await newTask({ title: "Enviar muestras", dueAt: "2026-12-01T09:30" })).json() as Task;
    const done = await call("PATCH", `/api/tasks/${task.id}`, { done: true, version: 0 });
    expect(done.json()).toMatchObject({ done: true, group: "hechas", version: 1 });
    expect((await call("GET", "/api/tasks?status=done")).json().tasks).toHaveLength(1);
    const stale = await call("PATCH", `/api/tasks/${task.id}`, { done: false, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { done: true, version: 1 } });
    const undone = await call("PATCH", `/api/tasks/${task.id}`, { done: false, version: 1 });
    expect(undone.json()).toMatchObject({ done: false, version: 2 });
    expect((await timelineKinds()).slice(0, 3)).toEqual(["task_reopened", "task_done", "task_created"]);

    expect((await call("PATCH", `/api/tasks/${task.id}`, { version: 2 })).statusCode).toBe(400);
    expect((await call("PATCH", "/api/tasks/999999", { done: true, version: 0 })).statusCode).toBe(404);
    const moved = await call("PATCH", `/api/tasks/${task.id}`, { dueAt: "2026-12-02T08:00", version: 2 });
    expect(moved.json()).toMatchObject({ dueAt: "2026-12-02T13:00:00.000Z", version: 3 });
  });

  it("keeps internal notes on the timeline, never emails them, and lets only their author edit them", async () => {
    const emailsBefore = await countRows(t.app.db, "email_outbox");
    const created = await call("POST", `/api/clients/${clientId}/notes`, {
      body: "Prefiere que lo llamen por la tarde.",
    });
    expect(created.statusCode).toBe(201);
    const note = created.json() as { id: number; body: string; updatedAt: string | null };
    expect(note).toMatchObject({ body: "Prefiere que lo llamen por la tarde.", updatedAt: null });
    expect(await countRows(t.app.db, "email_outbox")).toBe(emailsBefore);
    expect((await timelineKinds())[0]).toBe("internal_note");

    const colleague = await createReadyStaff(t.app, token);
    const theirToken = (await signIn(t.app, colleague)).accessToken;
    const notTheirs = await call("PATCH", `/api/notes/${note.id}`, { body: "Cambiado" }, theirToken);
    expect(notTheirs.statusCode).toBe(403);
    const edited = await call("PATCH", `/api/notes/${note.id}`, { body: "Prefiere llamadas después de las 15:00." });
    expect(edited.json()).toMatchObject({ body: "Prefiere llamadas después de las 15:00." });
    expect(edited.json().updatedAt).not.toBeNull();

    expect((await call("POST", `/api/clients/${clientId}/notes`, { body: " " })).statusCode).toBe(400);
    expect((await call("POST", "/api/clients/999999/notes", { body: "Hola" })).statusCode).toBe(404);
    expect((await call("PATCH", "/api/notes/999999", { body: "Hola" })).statusCode).toBe(404);
  });

  it("anonymising a contact also anonymises what staff wrote about them", async () => {
    await newTask({ title: "Llamar a Marco a su celular", dueAt: "2026-12-01T09:30" });
    await call("POST", `/api/clients/${clientId}/notes`, { body: "Marco vive en Cayambe" });
    expect((await call("POST", `/api/clients/${clientId}/anonymise`)).statusCode).toBe(200);
    const timeline = JSON.stringify((await call("GET", `/api/clients/${clientId}/timeline`)).json());
    expect(timeline).not.toContain("Cayambe");
    expect(timeline).not.toContain("celular");
    const tasks = (await call("GET", `/api/tasks?clientId=${clientId}`)).json() as { tasks: Task[] };
    expect(tasks.tasks[0]?.title).toBe("(anonimizado)");
  });
});
