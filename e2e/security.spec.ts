import { createHash } from "node:crypto";
import { expect, type Page, test } from "./fixtures";
import { contactDialog, openContacts, search, sendContactRequest, signInAsStaff, uniqueTag } from "./helpers/crm";
import { PUBLIC_PAGES, visit } from "./helpers/site";
import { adminToken, bearer } from "./helpers/staff";

// Stored XSS: what a visitor types reaches the CRM as text, in the list, the contact dialog and the
// dashboard. And the CSP the real server sends with every page allows exactly that page's inline
// scripts. Every test also fails on a console error or a CSP violation (fixtures.ts).

/** Each payload sets window.__xss (or opens a dialog) if it ever runs. */
const PAYLOADS = {
  firstName: '<img src=x onerror="window.__xss=1">',
  company: "<script>window.__xss=2</script><svg onload=window.__xss=3>",
  message: [
    '<a href="javascript:window.__xss=4">Ver cotización</a>',
    "javascript:window.__xss=5",
    '<iframe srcdoc="<script>parent.__xss=6</script>"></iframe>',
    "<style>body{display:none}</style>{{constructor.constructor('window.__xss=7')()}}",
  ].join("\n"),
  reply: '"><img src=x onerror=alert(8)>',
};

/** Fails the test if anything the visitor typed became markup or ran. */
async function expectNothingInjected(page: Page, dialogs: string[]) {
  expect(dialogs, "no alert, confirm or prompt opened").toEqual([]);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), "no payload ran").toBeUndefined();
  const injected = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    handlers: [...document.querySelectorAll("*")].filter((element) =>
      [...element.attributes].some((attribute) => attribute.name.startsWith("on")),
    ).length,
    scripts: [...document.scripts].filter((script) => script.textContent?.includes("__xss")).length,
    frames: document.querySelectorAll("iframe").length,
    svgs: document.querySelectorAll("svg[onload]").length,
    javascriptLinks: [...document.querySelectorAll("a[href]")].filter((link) =>
      link.getAttribute("href")?.trim().toLowerCase().startsWith("javascript:"),
    ).length,
    styles: [...document.querySelectorAll("style")].filter((style) => style.textContent?.includes("display:none"))
      .length,
  }));
  expect(injected).toEqual({ images: 0, handlers: 0, scripts: 0, frames: 0, svgs: 0, javascriptLinks: 0, styles: 0 });
}

test("HTML and script typed into the contact form show as text in the CRM list, dialog and dashboard", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await sendContactRequest(request, {
    firstName: PAYLOADS.firstName,
    lastName: tag,
    email: `xss.${tag}@x.test`,
    company: PAYLOADS.company,
    message: PAYLOADS.message,
  });
  const token = await adminToken(request);
  const found = await request.post("/api/client-message/search", {
    headers: bearer(token),
    data: { keyword: tag, field: "nombre" },
  });
  const messageId = (await found.json()).content[0].messages[0].id as number;
  const replied = await request.post(`/api/client-message/${messageId}/reply`, {
    headers: bearer(token),
    data: { reply: PAYLOADS.reply },
  });
  expect(replied.status()).toBe(200);

  await signInAsStaff(page, request, testInfo);
  const name = `${PAYLOADS.firstName} ${tag}`;

  await openContacts(page);
  await search(page, tag, "Nombre");
  await expect(page.getByRole("rowheader", { name })).toBeVisible();
  await expectNothingInjected(page, dialogs);

  await page.getByRole("button", { name: `Ver ${name}`, exact: true }).click();
  const dialog = contactDialog(page, name);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 2, name })).toBeVisible();
  // The message and the reply show as text among the messages and again in the history.
  for (const region of [
    dialog.getByRole("region", { name: /^Mensajes/ }),
    dialog.getByRole("region", { name: "Historial" }),
  ]) {
    await expect(region.getByText("javascript:window.__xss=5")).toBeVisible();
    await expect(region.getByText(PAYLOADS.reply)).toBeVisible();
  }
  await expectNothingInjected(page, dialogs);
  await page.keyboard.press("Escape");

  await visit(page, "/crm");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(`respondió a ${name}`).first()).toBeVisible();
  await expectNothingInjected(page, dialogs);
});

/** The SHA-256 of each inline script a browser would run (not JSON data blocks), as CSP names it. */
function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && !type.endsWith("javascript")) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return [...hashes].sort();
}

test("every page's CSP lists exactly its inline scripts' hashes, with no 'unsafe-inline' for scripts", async ({
  request,
}) => {
  for (const path of [...PUBLIC_PAGES, "/crm", "/crm/mensajes"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const csp = response.headers()["content-security-policy"] ?? "";
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    expect(scriptSrc, path).not.toContain("'unsafe-eval'");
    expect(csp, path).toMatch(/object-src 'none'/);
    expect(csp, path).toMatch(/base-uri 'none'/);
    expect(csp, path).toMatch(/frame-ancestors 'none'/);
    const listed = scriptSrc.filter((source) => source.startsWith("'sha256-")).sort();
    expect(listed, path).toEqual(inlineScriptHashes(await response.text()));
  }
});
