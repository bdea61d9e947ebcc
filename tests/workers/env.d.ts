import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { DemoFile } from "../../app/db/demo-data";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      DEMO_STATEMENTS: string[];
      DEMO_FILES: DemoFile[];
    }
  }
}
export {};
