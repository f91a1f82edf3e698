import type { Dashboard } from "@app/shared";
import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { sendContactRequest, signInAsStaff, uniqueTag } from "./helpers/crm";
import { visit } from "./helpers/site";
import { apiLogin, bearer, changeStaff } from "./helpers/staff";

// The dashboard's follow-up figures of issue 13: pending tasks (mine and the team's), the funnel with
// its conversion, time to first reply per staff member and value won by month. All tests share one
// database: what is this test's own (my tasks, my replies) is checked exactly; what the whole team
// shares is checked against the answer the page itself got from /api/dashboard.

const STAGES = ["Nuevo", "Contactado", "Cotización enviada", "Negociación", "Ganado"] as const;
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("the dashboard shows my tasks and the team's, the funnel, first-reply times and value won, from the data", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const staff = await signInAsStaff(page, request, testInfo);
  const name = `Respuestas ${tag}`;
  await changeStaff(request, staff.id, { displayName: name });
  const token = (await apiLogin(request, staff.username, staff.password)).accessToken;
  const api = { headers: bearer(token) };

  // Two leads from the site; I answer the first (Nuevo becomes Contactado), the second jumps to Ganado.
  for (const who of ["una", "dos"]) {
    await sendContactRequest(request, { firstName: "Lead", lastName: `${who} ${tag}`, email: `${who}.${tag}@x.test` });
  }
  const found = await request.post("/api/client-message/search", { ...api, data: { keyword: tag, size: 10 } });
  expect(found.status()).toBe(200);
  const groups = (
    (await found.json()) as { content: { client: { id: number; lastName: string }; messages: { id: number }[] }[] }
  ).content;
  const lead = (who: string) => groups.find((group) => group.client.lastName === `${who} ${tag}`);
  const [first, second] = [lead("una"), lead("dos")];
  if (!first || !second) throw new Error("the two leads were not found");
  const replied = await request.post(`/api/client-message/${first.messages[0]?.id}/reply`, {
    ...api,
    data: { reply: `Gracias por escribirnos ${tag}.` },
  });
  expect(replied.status()).toBe(200);
  const detail = await request.get(`/api/clients/${second.client.id}`, api);
  const { version } = ((await detail.json()) as { pipeline: { version: number } }).pipeline;
  const won = await request.patch(`/api/clients/${second.client.id}/stage`, {
    ...api,
    data: { stage: "ganado", wonValue: 1234.56, version },
  });
  expect(won.status()).toBe(200);
  // Mine: one overdue and one ahead.
  for (const dueAt of ["2020-03-02T09:00", "2030-03-02T09:00"]) {
    const task = await request.post(`/api/clients/${first.client.id}/tasks`, {
      ...api,
      data: { title: `Llamar ${tag}`, dueAt },
    });
    expect(task.status()).toBe(201);
  }

  // The answer the page got (the dashboard may fetch it again when the team changes something).
  let answer: Dashboard | undefined;
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname !== "/api/dashboard" || !response.ok()) return;
    answer = (await response.json().catch(() => answer)) as Dashboard | undefined;
  });
  const latest = () => {
    if (!answer) throw new Error("the dashboard's data has not arrived");
    return answer;
  };
  await visit(page, "/crm");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Tareas pendientes: mine exactly; the team's as the data says; each leads to its list.
  const tasks = region(page, "Tareas pendientes");
  const mine = tasks.getByRole("heading", { level: 3, name: "Mías" }).locator("..");
  await expect(mine).toContainText("2 tareas abiertas");
  await expect(mine).toContainText("1 vencida");
  await expect(mine.getByRole("link", { name: "Ver mis tareas" })).toHaveAttribute("href", "/crm/tareas");
  const team = tasks.getByRole("heading", { level: 3, name: "Del equipo" }).locator("..");
  await expect(async () => {
    const { teamOpen, teamOverdue } = latest().tasks;
    expect(teamOpen).toBeGreaterThanOrEqual(2);
    expect(teamOverdue).toBeGreaterThanOrEqual(1);
    await expect(team).toContainText(`${teamOpen} tareas abiertas`, { timeout: 500 });
    await expect(team).toContainText(`${teamOverdue} ${teamOverdue === 1 ? "vencida" : "vencidas"}`, { timeout: 500 });
  }).toPass();

  // Embudo: each stage with its contacts, and the share that went on between each two.
  const funnel = region(page, "Embudo");
  await expect(funnel.getByRole("link", { name: "Ver el tablero" })).toHaveAttribute("href", "/crm/embudo");
  const stages = funnel.getByRole("list").first().getByRole("listitem");
  await expect(stages).toHaveCount(5);
  await expect(async () => {
    const data = latest();
    for (const [index, label] of STAGES.entries()) {
      const item = stages.nth(index);
      const count = data.funnel[index]?.count ?? -1;
      await expect(item).toContainText(new RegExp(`^${label}\\s*${count} contactos?`), { timeout: 500 });
      const step = data.conversion[index];
      if (step) {
        const share = `${Math.round((step.advanced / step.reached) * 100)} %`;
        await expect(item).toContainText(`${share} pasó a ${STAGES[index + 1]} (${step.advanced} de ${step.reached})`, {
          timeout: 500,
        });
      }
    }
    // My jump to Ganado passed every stage: each step has at least my lead.
    for (const step of data.conversion) expect(step.advanced).toBeGreaterThanOrEqual(1);
  }).toPass();

  // Tiempo hasta la primera respuesta: my one answer, right away, within the promise.
  const replies = region(page, "Tiempo hasta la primera respuesta");
  await expect(replies).toContainText("respuesta en menos de 24 horas");
  const myRow = replies.getByRole("row", { name: new RegExp(`^${name}`) });
  // Answered within seconds (a busy machine may round it up to a minute).
  await expect(myRow.getByRole("cell").nth(0)).toHaveText(/^(menos de 1 min|1 min)$/);
  await expect(myRow.getByRole("cell").nth(1)).toHaveText("100 % (1 de 1)");

  // Valor ganado por mes: this month holds my lead's value; the table has the 12 months.
  const value = region(page, "Valor ganado por mes");
  await value.getByText("Ver como tabla").click();
  const months = value.getByRole("table", { name: "Valor ganado por mes, últimos 12 meses" });
  await expect(months.getByRole("row")).toHaveCount(13);
  await expect(async () => {
    const month = latest().wonByMonth.at(-1);
    expect(month?.valueCents).toBeGreaterThanOrEqual(123_456);
    const cells = months.getByRole("row").last().getByRole("cell");
    // In the browser's own es-EC money format.
    const shown = await page.evaluate(
      (cents) => new Intl.NumberFormat("es-EC", { style: "currency", currency: "USD" }).format(cents / 100),
      month?.valueCents ?? 0,
    );
    await expect(cells.nth(0)).toHaveText(shown, { timeout: 500 });
    await expect(cells.nth(1)).toHaveText(String(month?.count), { timeout: 500 });
  }).toPass();

  await funnel.getByText("Ver como tabla").click();
  await expect(funnel.getByRole("table")).toBeVisible();
  await expectNoAxeViolations(page);
  // The open tables scroll in their own box: the page itself never scrolls sideways.
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  await tasks.getByRole("link", { name: "Ver las tareas del equipo" }).click();
  await expect(page).toHaveURL(/\/crm\/tareas\?de=equipo$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tareas" })).toBeVisible();
});
