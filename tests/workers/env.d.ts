import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { DemoFile } from "../../app/db/demo-data";

// Bindings only the workerd tests get (vitest.config.ts). Kept off Cloudflare.Env, which the Worker's own code
// (server.ts, party/) is typed against: read them through `testBindings` (helpers.ts).
declare global {
  interface TestBindings {
    TEST_MIGRATIONS: D1Migration[];
    DEMO_STATEMENTS: string[];
    DEMO_FILES: DemoFile[];
  }
}
