import { applyD1Migrations, env } from "cloudflare:test";

const { TEST_MIGRATIONS } = env as Cloudflare.Env & TestBindings;
// Every test file starts from the migrated schema (storage is isolated per test file).
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
