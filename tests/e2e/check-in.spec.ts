// Bib pick-up on race day (issue 44, decision 0216), on a phone-sized screen. The organisatrice adds her own runners
// to the Trail des Volcans (no other spec registers there) and opens 'Retrait des dossards'.
// Without JavaScript: the search-and-tick list ticks a runner. With it: Chromium's fake camera plays a QR code made
// here with the `qrcode` package (the one of the runner's confirmation: their page's URL with the check-in signature),
// the scanner checks the runner in, a second scan is refused with the time; then, with the network cut, a second
// runner is scanned twice, and once the network is back, one check-in is synced.
import { createHmac } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import QRCode from "qrcode";
import { courseId, formatId } from "../../app/db/demo-data";
import { jsOn, loginAs } from "./helpers";
import { chromium } from "./chromium";

// scripts/e2e-server.mjs: the server's secret and address.
const SECRET = "e2e-only-session-secret-0123456789abcdef-0123456789";
const BASE = `http://localhost:${process.env.E2E_PORT ?? "8788"}`;
const VOLCANS = 13; // Trail des Volcans (organisatrice@)
const W = 640;
const H = 480;
const CAMERA = join(tmpdir(), `balise-retrait-camera-${process.pid}.y4m`);

/** One Y4M frame (4:2:0) showing `text` as a QR code, or a blank frame; Chromium loops it as the camera. */
function writeCameraFrame(text: string | null): void {
  const y = Buffer.alloc(W * H, 255);
  if (text) {
    const qr = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
    const scale = Math.floor(Math.min(W, H) / (qr.size + 8));
    const x0 = Math.floor((W - qr.size * scale) / 2);
    const y0 = Math.floor((H - qr.size * scale) / 2);
    for (let r = 0; r < qr.size; r++)
      for (let c = 0; c < qr.size; c++)
        if (qr.get(r, c))
          for (let dy = 0; dy < scale; dy++)
            y.fill(0, (y0 + r * scale + dy) * W + x0 + c * scale, (y0 + r * scale + dy) * W + x0 + (c + 1) * scale);
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(CAMERA, Buffer.concat([header, y, chroma]));
}

/** What the runner's confirmation QR encodes (app/services/check-in.server.ts, confirmationQrUrl). */
function confirmationUrl(inscriptionId: string): string {
  const mac = createHmac("sha256", SECRET).update(`retrait-dossard:${inscriptionId}`).digest().subarray(0, 16);
  return `${BASE}/mon-inscription/${inscriptionId}?retrait=${mac.toString("base64url")}`;
}

writeCameraFrame(null);
test.use({
  viewport: { width: 393, height: 851 },
  hasTouch: true,
  launchOptions: {
    ...chromium,
    args: [
      ...chromium.args,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${CAMERA}`,
    ],
  },
});

/** Adds a runner by hand to the format (the registrants' 'ajouter' page) and returns the registration's id. */
async function addRunner(page: Page, format: string, nom: string, prenom: string): Promise<string> {
  await page.goto(`/organisateur/inscriptions/${format}/ajouter`);
  await page.getByLabel("Nom *", { exact: true }).fill(nom);
  await page.getByLabel("Prénom *", { exact: true }).fill(prenom);
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Coureur ajouté.")).toBeVisible();
  await page.goto(`/organisateur/retrait/${format}?q=${encodeURIComponent(prenom)}`);
  const item = page.locator(".desk-list > li", { hasText: prenom });
  await expect(item).toHaveCount(1);
  return ((await item.getAttribute("id")) ?? "").replace(/^r-/, "");
}

async function startCamera(page: Page, text: string) {
  writeCameraFrame(text);
  const stop = page.getByRole("button", { name: "Arrêter la caméra" });
  if (await stop.count()) await stop.click();
  await page.getByRole("button", { name: "Scanner un QR code" }).click();
}

test("the desk checks runners in: a tick without JavaScript, the camera scanner and offline scans with it", async ({
  page,
}, info) => {
  const stamp = `${info.project.name}${Date.now() % 100000}`;
  await loginAs(page, "organisatrice@balise.test");

  if (!jsOn(page)) {
    const format = formatId(VOLCANS, 1);
    const prenom = `Liste${stamp}`;
    await addRunner(page, format, "Volcan", prenom);
    await page.goto(`/organisateur/inscriptions/${format}`);
    await page.getByRole("link", { name: "Retrait des dossards" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Retrait des dossards – Volcans 45 km");
    await page.getByLabel("Nom ou dossard").fill(`volcan ${prenom.toLowerCase()}`);
    await page.getByRole("button", { name: "Chercher" }).click();
    await page.getByRole("button", { name: `Retirer le dossard de ${prenom} Volcan` }).click();
    await expect(page.getByRole("status").first()).toHaveText(
      new RegExp(`^${prenom} Volcan\u00a0: Retiré à \\d+\u00a0h\u00a0\\d\\d\\.$`),
    );
    const item = page.locator(".desk-list > li", { hasText: prenom });
    await expect(item).toContainText(/Retiré à \d+\u00a0h\u00a0\d\d par /);
    await expect(item.getByRole("button", { name: /Retirer/ })).toHaveCount(0);
    await expect(page.locator(".desk-counter")).toContainText(/[1-9]\d* retirés \/ \d+ attendus/);
    return;
  }

  const format = formatId(VOLCANS, 0);
  const first = await addRunner(page, format, "Volcan", `Scan${stamp}`);
  const second = await addRunner(page, format, "Volcan", `Horsligne${stamp}`);
  await page.goto(`/organisateur/retrait/${format}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Retrait des dossards – Sancy 22 km");
  await expect(page.getByText("En ligne · tout est synchronisé")).toBeVisible();
  const counter = page.getByTestId("compteur");
  const before = Number((await counter.locator("strong").first().textContent()) ?? "0");
  // The desk's service worker controls the page (the reload with the network cut).
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(
    `${BASE}/organisateur/retrait/`,
  );

  // A scan through the camera checks the first runner in, and the server has it.
  await startCamera(page, confirmationUrl(first));
  const result = page.locator(".desk-result");
  await expect(result).toContainText(/Retiré à \d+\u00a0h\u00a0\d\d/);
  await expect(result).toContainText(`Scan${stamp} Volcan`);
  await expect(result).toContainText("Sancy 22 km");
  await expect(page.getByText("En ligne · tout est synchronisé")).toBeVisible();
  await expect(counter.locator("strong").first()).toHaveText(String(before + 1));
  // Scanned again: refused with the time.
  await page.getByRole("button", { name: "Scanner le suivant" }).click();
  await expect(result).toContainText(/Déjà retiré à \d+\u00a0h\u00a0\d\d par /);

  // The network cut: the second runner scanned twice gives one check-in, kept on the phone.
  await page.context().setOffline(true);
  await expect(page.getByText(/^Hors ligne/)).toBeVisible();
  await startCamera(page, confirmationUrl(second));
  await expect(result).toContainText(`Horsligne${stamp} Volcan`);
  await expect(result).toContainText(/Retiré à \d+\u00a0h\u00a0\d\d/);
  await expect(page.getByText("Hors ligne · 1 scan à envoyer")).toBeVisible();
  await page.getByRole("button", { name: "Scanner le suivant" }).click();
  await expect(result).toContainText(/Déjà retiré à \d+\u00a0h\u00a0\d\d par cet appareil/);
  await expect(counter.locator("strong").first()).toHaveText(String(before + 2));
  // A reload with the network cut: the service worker serves the page, the phone keeps the list and the queued scan.
  // (The worker's own requests are offline too: what it never kept answers 503.)
  const unkept = `/organisateur/retrait/${format}/liste.json?jamais=1`;
  expect(await page.evaluate(async (u) => (await fetch(u)).status, unkept)).toBe(503);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByText("Hors ligne · 1 scan à envoyer")).toBeVisible();
  await expect(counter.locator("strong").first()).toHaveText(String(before + 2));

  // The network back: the scan is sent, and the server has one check-in for the second runner.
  await page.context().setOffline(false);
  await expect(page.getByText("En ligne · tout est synchronisé")).toBeVisible();
  const list = (await (await page.request.get(`/organisateur/retrait/${format}/liste.json`)).json()) as {
    runners: { id: string; retire_le: string | null }[];
    counter: { retires: number };
  };
  expect(list.runners.filter((r) => r.id === first || r.id === second).map((r) => !!r.retire_le)).toEqual([true, true]);
  expect(list.counter.retires).toBe(before + 2);
  await page.goto(`/organisateur/journal/${courseId(VOLCANS)}?type=retrait.enregistre`);
  await expect(page.getByRole("row", { name: new RegExp(`Horsligne${stamp} Volcan`) })).toHaveCount(1);
  await expect(page.getByRole("row", { name: new RegExp(`Scan${stamp} Volcan`) })).toHaveCount(1);
});

test("the desk undoes a pick-up, then the runner can be ticked again", async ({ page }, info) => {
  const stamp = `${info.project.name}${Date.now() % 100000}`;
  await loginAs(page, "organisatrice@balise.test");
  const format = formatId(VOLCANS, 1);
  const prenom = `Annule${stamp}`;
  await addRunner(page, format, "Volcan", prenom);
  await page.goto(`/organisateur/retrait/${format}?q=${encodeURIComponent(prenom)}`);
  const item = page.locator(".desk-list > li", { hasText: prenom });
  await item.getByRole("button", { name: `Retirer le dossard de ${prenom} Volcan` }).click();
  await expect(item).toContainText(/Retiré à \d+\u00a0h\u00a0\d\d/);
  if (jsOn(page)) await expect(page.getByText("En ligne · tout est synchronisé")).toBeVisible();

  await item.getByRole("button", { name: `Annuler le retrait du dossard de ${prenom} Volcan` }).click();
  await expect(page.getByRole("status").first()).toHaveText(
    new RegExp(`^${prenom} Volcan\u00a0: Retrait annulé à \\d+\u00a0h\u00a0\\d\\d\\.$`),
  );
  await expect(item).toContainText(/Retrait annulé à \d+\u00a0h\u00a0\d\d par /);
  await expect(item.getByRole("button", { name: /Annuler le retrait/ })).toHaveCount(0);
  await item.getByRole("button", { name: `Retirer le dossard de ${prenom} Volcan` }).click();
  await expect(item).toContainText(/Retiré à \d+\u00a0h\u00a0\d\d/);
});
