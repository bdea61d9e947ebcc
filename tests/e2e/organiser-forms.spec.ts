// Issue 42: without JavaScript, asking to delete a format brings the question back on a new page; the browser shows
// the question itself (the address carries its anchor), not the top of a long form. With JavaScript it opens in place.
import { expect, test } from "@playwright/test";
import { courseId } from "../../app/db/demo-data";
import { jsOn, loginAs } from "./helpers";

test("the format-delete question is on screen when it comes back, and 'Annuler' keeps the format", async ({ page }) => {
  await loginAs(page, "organisateur@balise.test");
  await page.goto(`/modifier-course/${courseId(3)}`);
  await page.getByRole("button", { name: "Supprimer ce format" }).nth(1).click();
  // Without JavaScript a new page comes, at the question's anchor; with it the question opens in place. On screen both ways.
  if (!jsOn(page)) expect(new URL(page.url()).hash).toBe("#format-1-suppression");
  const question = page.locator("#format-1-suppression");
  await expect(question).toContainText("Supprimer ce format ? Cette action est irréversible.");
  await expect(question).toBeInViewport();
  await question.getByRole("button", { name: "Annuler" }).click();
  await expect(page.locator("#format-1-suppression")).toHaveCount(0);
});
