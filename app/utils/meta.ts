// The head of a page that search engines must not index (an account's, an organiser's, the administration's, a
// payment's, a /dev stand-in's, a missing event's): its title and `robots: noindex`, said in one place.
import type { MetaDescriptor } from "@remix-run/cloudflare";

export function noindexMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** The head of a public page: its title and the description search engines and link previews show. */
export function publicPageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title }, { name: "description", content: description }];
}

/** The head of an organiser's page about one event or format: `Section – Name — Balise`, `Section — Balise` when none. */
export function organiserPageMeta(section: string, name: string | undefined): MetaDescriptor[] {
  return noindexMeta(name ? `${section} – ${name} — Balise` : `${section} — Balise`);
}
