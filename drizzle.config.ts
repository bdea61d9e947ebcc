import { defineConfig } from "drizzle-kit";

// Migrations: edit app/db/schema.ts, run `npm run db:generate`, review the SQL, commit it with migrations/meta.
// Views and triggers: `npx drizzle-kit generate --custom --name=<what>` and write the SQL by hand.
// Files are numbered from the journal (last idx + 1, four digits), which wrangler applies in that order
// (docs/decisions/0090-migrations-in-step-with-the-schema.md).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
  breakpoints: true,
  migrations: { prefix: "index" },
});
