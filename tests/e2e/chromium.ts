// The Chromium every spec drives (Debian's, never a downloaded one) and its launch flags: playwright.config.ts's
// projects use them, and a spec that needs more flags (check-in.spec.ts: a fake camera) adds its own to these.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
};
