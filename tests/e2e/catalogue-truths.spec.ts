// Issue 42: what the catalogue, the event page and the footer say must be true.
import { expect, test } from "@playwright/test";

test("a page past the last one shows the empty state and its reset link, never 'La liste s'arrête aux 240'", async ({
  page,
}) => {
  await page.goto("/courses?taille=6&page=99");
  await expect(page.getByText("Aucune épreuve trouvée")).toBeVisible();
  await expect(page.getByText(/La liste s'arrête aux/)).toHaveCount(0);
  await expect(page.getByTestId("too-deep")).toHaveCount(0);
  await expect(page.getByTestId("results-count")).not.toContainText("page 99");
  await expect(page.getByText("Cette page est au-delà de la dernière (page 3).")).toBeVisible();
  await page.getByRole("link", { name: "Réinitialiser les filtres" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.locator(".card-grid > li").first()).toBeVisible();
});
