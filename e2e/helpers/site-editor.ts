import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import { createStaff, signInThroughApi } from "./staff";

// `Sitio web` (/crm/sitio) as a content editor uses it. The database is shared by every test: each
// product a test makes is named by a tag no other test uses (uniqueTag).

export const productForm = (page: Page) => page.getByRole("form", { name: "Producto" });
export const productField = (page: Page, name: string) => productForm(page).getByRole("textbox", { name, exact: true });

/** A new account with the role Editor, signed in: the CRM's start sends it on to `Sitio web`. */
export async function signInAsEditor(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const editor = await createStaff(request, testInfo, { role: "editor" });
  await signInThroughApi(page, editor);
  await expect(page).toHaveURL("/crm/sitio");
  return editor;
}

/**
 * Adds a product from `Nuevo producto` (in the catalogue's Postcosecha tab, the form's default) and
 * publishes it; answers its title, its page's slug and its editor's address.
 */
export async function publishNewProduct(page: Page, tag: string) {
  const title = `Chrysal ${tag}`;
  const slug = `chrysal-${tag}`;
  await page.getByRole("link", { name: "Nuevo producto" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nuevo producto" })).toBeVisible();
  await productField(page, "Título").fill(title);
  await productField(page, "Dirección de la página").fill(slug);
  await productField(page, "Descripción").fill(`Primera descripción de ${tag}.`);
  await productField(page, "Características").fill("Prolonga la vida en florero\nAgua clara");
  await productField(page, "Presentaciones").fill("Sobre de 5 g");
  await productForm(page).getByRole("combobox", { name: "Distintivo" }).selectOption("Nuevo");
  await productForm(page).getByRole("button", { name: "Publicar" }).click();
  await expect(page.getByRole("status")).toContainText("Publicado");
  await expect(page).toHaveURL(/\/crm\/sitio\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return { title, slug, address: new URL(page.url()).pathname };
}

/** `Retirar del sitio` on the product's editor, confirmed: its draft and versions are kept. */
export async function retireProduct(page: Page) {
  await page.getByRole("button", { name: "Retirar del sitio" }).click();
  const confirm = page.getByRole("alertdialog", { name: "¿Retirar este producto del sitio?" });
  await confirm.getByRole("button", { name: "Retirar del sitio" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("El producto ya no está en el sitio")).toBeVisible();
}
