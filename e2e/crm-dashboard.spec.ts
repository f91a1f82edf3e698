import { expect, type Page, test } from "./fixtures";
import { sendContactRequest, signInAsStaff, uniqueTag } from "./helpers/crm";
import { visit } from "./helpers/site";

// The dashboard of issue 5, from real data: four figures with their change, the review queue, the
// requests per service over 12 weeks and per country, recent activity; each chart with a table.

const CARDS = [
  ["Mensajes nuevos (7 días)", "los 7 días anteriores"],
  ["Pendientes", "hace 7 días"],
  ["Clientes activos (30 días)", "los 30 días anteriores"],
  ["Respondidos esta semana", "la semana anterior"],
] as const;

const card = (page: Page, label: string) => page.getByRole("region", { name: label, exact: true });

async function figure(page: Page, label: string) {
  const text = await card(page, label).getByText(/^\d+$/).innerText();
  return Number(text);
}

async function openDashboard(page: Page) {
  await visit(page, "/crm");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(card(page, "Pendientes")).toBeVisible();
}

test("the four figures come from the data, say their change in words, and grow with a new request", async ({
  page,
  request,
}, testInfo) => {
  await signInAsStaff(page, request, testInfo);
  await openDashboard(page);
  for (const [label, comparedTo] of CARDS) {
    await expect(
      card(page, label).getByText(new RegExp(`^(\\d+ más que|\\d+ menos que|Igual que) ${comparedTo}$`)),
    ).toBeVisible();
  }
  // Other tests of the run answer and delete requests meanwhile, so "Pendientes" may also go down
  // between the two readings: a reading spoilt that way is made again, with another request.
  const tag = uniqueTag(testInfo);
  let attempt = 0;
  let name = "";
  await expect(async () => {
    attempt += 1;
    name = `Tablero ${tag}${attempt}`;
    const before = { fresh: await figure(page, CARDS[0][0]), pending: await figure(page, CARDS[1][0]) };
    await sendContactRequest(request, {
      firstName: "Valeria",
      lastName: name,
      email: `tablero.${tag}${attempt}@x.test`,
      countryCode: "+81",
      phone: "9012345678",
      services: ["Sistemas de Modelos Predictivos"],
    });
    await page.reload();
    await expect(card(page, "Pendientes")).toBeVisible();
    expect(await figure(page, CARDS[0][0])).toBeGreaterThanOrEqual(before.fresh + 1);
    expect(await figure(page, CARDS[1][0])).toBeGreaterThanOrEqual(before.pending + 1);
  }).toPass({ timeout: 20_000 });

  const activity = page.getByRole("region", { name: "Actividad reciente", exact: true });
  await expect(activity.getByText(`Nueva solicitud de Valeria ${name}`)).toBeVisible();

  // The chart per service says the gist in a sentence, and has its figures as a table.
  const services = page.getByRole("region", { name: "Solicitudes por producto o servicio", exact: true });
  await expect(services.getByText(/^Lo más pedido en las últimas 12 semanas: .+\.$/)).toBeVisible();
  await services.getByText("Ver como tabla").click();
  const serviceTable = services.getByRole("table", { name: /^Solicitudes por producto o servicio y semana/ });
  await expect(serviceTable).toBeVisible();
  // 1 + 12 weeks + Total.
  await expect(serviceTable.getByRole("columnheader")).toHaveCount(14);
  const predictive = serviceTable.getByRole("row", { name: /^Sistemas de Modelos Predictivos/ });
  const cells = await predictive.getByRole("cell").allInnerTexts();
  expect(cells).toHaveLength(13);
  expect(Number(cells.at(-2))).toBeGreaterThanOrEqual(1);
  expect(Number(cells.at(-1))).toBeGreaterThanOrEqual(1);

  const countries = page.getByRole("region", { name: "Solicitudes por país", exact: true });
  await expect(countries.getByText(/^\d+ % de las \d+ solicitudes vienen de .+\.$/)).toBeVisible();
  await countries.getByText("Ver como tabla").click();
  const japan = countries.getByRole("table").getByRole("row", { name: /^\+81 \(Japón\)/ });
  await expect(japan).toBeVisible();
  expect(Number(await japan.getByRole("cell").first().innerText())).toBeGreaterThanOrEqual(1);
});

test("the review count leads to the submissions kept for review", async ({ page, request }, testInfo) => {
  const tag = uniqueTag(testInfo);
  await sendContactRequest(request, {
    firstName: "Robot",
    lastName: `Tablero ${tag}`,
    email: `robot.${tag}@x.test`,
    website: "http://spam.example",
  });
  await signInAsStaff(page, request, testInfo);
  await openDashboard(page);
  const review = page.getByRole("region", { name: "Por revisar", exact: true });
  const link = review.getByRole("link", { name: /^Ver mensajes por revisar \((\d+)\)$/ });
  const count = Number((await link.innerText()).match(/\((\d+)\)/)?.[1]);
  expect(count).toBeGreaterThanOrEqual(1);
  await link.click();
  await expect(page).toHaveURL("/crm/mensajes?vista=revisar");
  await expect(page.getByRole("link", { name: "Por revisar" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table").getByRole("rowheader").first()).toBeVisible();
});
