// Uploaded event images for the page benches (--images): one photo-like PNG (bench/photo-png.mjs) stored in the local
// R2 and recorded as every demo event's image, each event with its own `fichiers` row as uploads make; then the
// cron's job makes their sizes (the Worker must run with `--test-scheduled`).
import { writeFileSync } from "node:fs";
import { d1Rows } from "./lib.mjs";
import { photoPng } from "./photo-png.mjs";

/** Stores the photo and records it on every event. `run(cmd, args)` runs a command synchronously. */
export function storeEventImages(run, persistTo) {
  const png = photoPng();
  const file = `${persistTo}/bench-photo.png`;
  writeFileSync(file, png);
  const sql = [
    `INSERT INTO fichiers (key, owner_id, kind, content_type, size) SELECT 'courses/bench-' || id || '.png', organisateur_id, 'course_image', 'image/png', ${png.length} FROM courses`,
    "UPDATE courses SET image_url = '/fichiers/courses/bench-' || id || '.png'",
  ].join("; ");
  run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", sql]);
  for (const { id } of d1Rows(persistTo, "SELECT id FROM courses"))
    run("wrangler", [
      "r2",
      "object",
      "put",
      `balise-files/courses/bench-${id}.png`,
      "--file",
      file,
      "--content-type",
      "image/png",
      "--local",
      "--persist-to",
      persistTo,
    ]);
  console.log(`Images : ${(png.length / 1e6).toFixed(1)} Mo par épreuve, tailles faites par le cron.`);
}

/** Runs the cron of the Worker at `workerBase` until no event image is left without its sizes (10 a run). */
export async function makeImageSizes(workerBase, persistTo) {
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${workerBase}/__scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
    if (!res.ok) throw new Error(`/__scheduled : ${res.status}`);
    const [left] = d1Rows(
      persistTo,
      "SELECT COUNT(*) AS n FROM fichiers WHERE variants IS NULL AND kind = 'course_image'",
    );
    if (left.n === 0) return;
  }
  throw new Error("les tailles des images ne sont pas toutes faites");
}
