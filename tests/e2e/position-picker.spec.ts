import { expect, test } from "@playwright/test";
import { jsOn, loginAs } from "./helpers";

// The organiser corrects an event's position: lat/lng fields always; with JavaScript, a draggable marker too.
test("the event position: fields without JavaScript, a map marker that fills them with JavaScript", async ({
  page,
}) => {
  await loginAs(page, "organisatrice@balise.test", undefined, "/organisateur/nouvelle-course");
  await expect(page).toHaveURL(/\/organisateur\/nouvelle-course/);
  await page.getByText("Position sur la carte").click();
  const lat = page.getByLabel("Latitude");
  const lng = page.getByLabel("Longitude");
  await expect(lat).toBeVisible();
  await expect(lng).toBeVisible();
  const map = page.getByTestId("position-picker");
  if (!jsOn(page)) {
    await expect(map).toHaveCount(0);
    await lat.fill("45,9237");
    await expect(lat).toHaveValue("45,9237");
    return;
  }
  await expect(map).toBeVisible();
  await expect(lat).toHaveValue("");
  await map.click({ position: { x: 60, y: 80 } });
  await expect(lat).toHaveValue(/^-?\d+,\d{5}$/);
  await expect(lng).toHaveValue(/^-?\d+,\d{5}$/);
  const first = await lat.inputValue();
  // Dragging the marker moves the position again.
  const marker = page.locator(".position-marker");
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
  await page.mouse.up();
  await expect(lat).not.toHaveValue(first);
  await expect(lat).toHaveValue(/^-?\d+,\d{5}$/);
});
