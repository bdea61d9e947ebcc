// The route config (Remix's v3_routeConfig, React Router 7's app/routes.ts): the flat file-system routes of
// app/routes/, read by @remix-run/fs-routes, so that the move to React Router 7 is the official codemod; plus the
// one route that is a second address of another page.
import { flatRoutes } from "@remix-run/fs-routes";
import { type RouteConfig, route } from "@remix-run/route-config";

export default [
  ...(await flatRoutes()),
  // /mon-espace-organisateur is the same screen as /organisateur/mon-espace (spec section 2).
  route("mon-espace-organisateur", "routes/organisateur.mon-espace.tsx", { id: "routes/mon-espace-organisateur" }),
] satisfies RouteConfig;
