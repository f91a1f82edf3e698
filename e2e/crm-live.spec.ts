import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  countStreams,
  createContact,
  openContacts,
  personsFormToken,
  rowOf,
  sendContactRequest,
  signInAsStaff,
  uniqueTag,
} from "./helpers/crm";
import { adminToken, bearer } from "./helpers/staff";

// Live updates (issue 13, "Live"; docs/decisions/029): what colleagues and the public form do shows
// on the open CRM screen within 2 s, without a reload, with a polite announcement, and the tab title
// counts the new leads not seen yet.

/** The shell's live region (spoken politely, visually hidden), with the given words. */
const announcement = (page: Page, words: RegExp) => page.locator('[aria-live="polite"]').filter({ hasText: words });

test("a lead sent while the contacts screen is open shows within 2 s, is announced and counted in the title", async ({
  page,
  request,
}, testInfo) => {
  const streams = countStreams(page);
  await signInAsStaff(page, request, testInfo);
  await expect.poll(streams).toBe(1);
  const tag = uniqueTag(testInfo);
  const lead = { firstName: "Lucía", lastName: `Viva ${tag}`, email: `viva.${tag}@floricola.test` };
  // The screen searches for this test's tag: other tests' leads arrive too, but never in this list.
  await openContacts(page, `busqueda=${tag}`);
  await expect.poll(streams).toBe(2);
  await expect(rowOf(page, `${lead.firstName} ${lead.lastName}`)).toHaveCount(0);
  // Gone after a reload: proves the row came without one.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // The form's token waits a person's time once per worker: not part of the 2 s.
  await personsFormToken(request);
  const sent = Date.now();
  await sendContactRequest(request, lead);
  await expect(rowOf(page, `${lead.firstName} ${lead.lastName}`)).toBeVisible({ timeout: 2000 });
  expect(Date.now() - sent).toBeLessThan(2000);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await expect(announcement(page, /^\d+ contactos? nuevos?/)).toHaveCount(1);
  // "(1) Contactos | CRM …"; leads of tests running alongside may make it more, never none.
  await expect.poll(() => page.title()).toMatch(/^\([1-9]\d*\) Contactos \| CRM /);

  // The person uses the contacts screen: what is there has been seen.
  await page.keyboard.press("Shift");
  await expect.poll(() => page.title()).toMatch(/^Contactos \| CRM /);
});

test("a contact assigned to me by a colleague is announced while I work elsewhere in the CRM", async ({
  page,
  request,
}, testInfo) => {
  const streams = countStreams(page);
  const me = await signInAsStaff(page, request, testInfo);
  await expect.poll(streams).toBe(1);

  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const created = (await createContact(
    request,
    { firstName: "Marta", lastName: `Asignada ${tag}`, email: `asignada.${tag}@floricola.test` },
    token,
  )) as unknown as { client: { id: number }; pipeline: { version: number } };
  const assigned = await request.patch(`/api/clients/${created.client.id}/owner`, {
    headers: bearer(token),
    data: { ownerId: me.id, version: created.pipeline.version },
  });
  expect(assigned.status()).toBe(200);
  await expect(announcement(page, /Te asignaron un contacto/)).toHaveCount(1, { timeout: 2000 });
});
