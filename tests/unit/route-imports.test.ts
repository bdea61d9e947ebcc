// Routes stay thin (docs/CONVENTIONS.md): route → service → db. A route module never imports app/db, nor another
// route (root included): shared UI goes in app/components, shared reads and writes in app/services. A folder route
// (app/routes/x/route.tsx) may import the modules beside it in its folder: they are its own parts, not routes.
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ROUTES_DIR = "app/routes";

/** Every module specifier a source imports or re-exports, statically or dynamically (type-only imports included). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) found.push(m[1]);
  return found;
}

/** The repository path a specifier of `file` points to ("~/x" is app/x), or null for a package. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith("~/")) return normalize(join("app", spec.slice(2)));
  if (spec.startsWith(".")) return normalize(join(dirname(file), spec));
  return null;
}

/** A module of the folder route `file` is in (app/routes/x/Part.tsx for app/routes/x/route.tsx), not a route. */
function ownPart(file: string, to: string): boolean {
  const dir = dirname(file);
  return dir !== ROUTES_DIR && dirname(to) === dir && !/^route(\.|$)/.test(basename(to));
}

/** Why `file` (a route module) may not import `spec`, or null when it may. */
function forbidden(file: string, spec: string): string | null {
  const to = target(file, spec);
  if (to === null) return null;
  if (to === "app/db" || to.startsWith("app/db/")) return "imports app/db (go through a service)";
  if (to === "app/root" || to.startsWith("app/root.")) return "imports the root route (use app/components/root-data)";
  if (to.startsWith(`${ROUTES_DIR}/`) && !/\.css(\?|$)/.test(to) && !ownPart(file, to))
    return "imports another route (move the shared part to app/components or app/services)";
  return null;
}

function routeFiles(): string[] {
  return readdirSync(join(ROOT, ROUTES_DIR), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(tsx?|jsx?)$/.test(e.name) && !/\.test\./.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

describe("route imports", () => {
  it.each([
    ['import { x } from "~/db/catalogue.server";', "imports app/db"],
    ['import type { Db } from "../db/client.server";', "imports app/db"],
    ['import { PremiumComparison } from "./premium";', "imports another route"],
    ['export { loader, default } from "./organisateur.mon-espace";', "imports another route"],
    ['import type { RootData } from "~/root";', "imports the root route"],
    ['const m = await import("~/routes/formats");', "imports another route"],
    ['import {\n  a,\n  b,\n} from "~/db/schema";', "imports app/db"],
  ])("catches %s", (source, why) => {
    const problems = specifiers(source)
      .map((s) => forbidden("app/routes/x.tsx", s))
      .filter(Boolean);
    expect(problems.join()).toContain(why);
  });

  it.each([
    'import { loadEventPage } from "~/services/event-page.server";',
    'import { Link } from "~/components/Link";',
    'import catalogueCss from "~/styles/catalogue.css?url";',
    'import { redirect } from "@remix-run/cloudflare";',
    'import { parisDate } from "~/domain/refund";',
  ])("allows %s", (source) => {
    expect(
      specifiers(source)
        .map((s) => forbidden("app/routes/x.tsx", s))
        .filter(Boolean),
    ).toEqual([]);
  });

  it.each([
    ["app/routes/admin.payouts/route.tsx", 'import { PaymentsTable } from "./PaymentsTable";', null],
    ["app/routes/admin.payouts/route.tsx", 'import { x } from "~/routes/admin.payouts/LedgerSections";', null],
    ["app/routes/admin.payouts/PaymentsTable.tsx", 'import { x } from "./LedgerSections";', null],
    ["app/routes/admin.payouts/PaymentsTable.tsx", 'import { loader } from "./route";', "imports another route"],
    ["app/routes/admin.payouts/route.tsx", 'import { x } from "../admin.inscriptions";', "imports another route"],
    ["app/routes/admin.payouts/route.tsx", 'import { x } from "../admin.courses/Table";', "imports another route"],
    ["app/routes/x.tsx", 'import { x } from "./admin.payouts/PaymentsTable";', "imports another route"],
    ["app/routes/admin.payouts/route.tsx", 'import { x } from "~/db/admin.server";', "imports app/db"],
  ])("a folder route's own parts: %s with %s → %s", (file, source, why) => {
    const problems = specifiers(source)
      .map((s) => forbidden(file, s))
      .filter(Boolean);
    if (why) expect(problems.join()).toContain(why);
    else expect(problems).toEqual([]);
  });

  it("no route imports app/db or another route", () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(50);
    const problems = files.flatMap((file) =>
      specifiers(readFileSync(join(ROOT, file), "utf8")).flatMap((spec) => {
        const why = forbidden(file, spec);
        return why ? [`${file}: "${spec}" ${why}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });
});
