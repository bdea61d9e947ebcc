// The head of the administration's screens: the admin stylesheet, and a title under « Administration Balise » that
// search engines never index.
import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import adminCss from "~/styles/admin.css?url";
import { noindexMeta } from "~/utils/meta";

export const adminLinks: LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export function adminMeta(title: string): MetaFunction {
  return () => noindexMeta(`${title} — Administration Balise`);
}
