// The route config (Remix's v3_routeConfig, React Router 7's app/routes.ts): the same flat file-system routes as
// before, read from app/routes/ by @remix-run/fs-routes. With this file in place the move to React Router 7 is the
// official codemod.
import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

export default flatRoutes() satisfies RouteConfig;
