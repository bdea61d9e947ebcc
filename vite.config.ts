import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { routeMatchCache } from "./vite-plugins/route-match-cache";
import { islands } from "./vite-plugins/islands";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The production build is served by `wrangler dev` / Workers (server.ts imports build/server).
// The server bundle is self-contained so that workerd (wrangler and vitest) loads it without CommonJS shims.
export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    routeMatchCache(),
    islands(),
  ],
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: {
    minify: !process.env.BALISE_NO_MINIFY,
  },
});
