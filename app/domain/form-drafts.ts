// A form sent after the session ended (issue 42): rather than losing what was typed, the server keeps the form's text
// fields for DRAFT_MINUTES, sends the runner or organiser to log in, and the page comes back filled as it was. Pure:
// which fields are kept, and the page's address with the draft's id. app/services/form-drafts.server.ts
export const DRAFT_MINUTES = 60;
/** The query parameter naming the draft on the page's address after logging in. */
export const DRAFT_PARAM = "brouillon";
/** The most a draft keeps: a form of a few hundred fields, a few pages of text. */
export const DRAFT_MAX_FIELDS = 400;
export const DRAFT_MAX_CHARS = 40_000;

/** Fields never kept: secrets, and the submit's own intent (the runner chooses again). */
const NEVER_KEPT = /password|mot_de_passe|token|csrf|^intent$/i;

export type DraftEntries = [string, string][];

/** The text fields of a form worth keeping (files and secrets left out), within the draft's limits; [] if none. */
export function draftEntries(entries: Iterable<[string, FormDataEntryValue]>): DraftEntries {
  const out: DraftEntries = [];
  let chars = 0;
  for (const [name, value] of entries) {
    if (typeof value !== "string" || NEVER_KEPT.test(name)) continue;
    chars += name.length + value.length;
    if (out.length >= DRAFT_MAX_FIELDS || chars > DRAFT_MAX_CHARS) return [];
    out.push([name, value]);
  }
  return out;
}

/** The fields as a FormData again, for the page's own reading of its form. */
export function draftFormData(entries: DraftEntries): FormData {
  const fd = new FormData();
  for (const [name, value] of entries) fd.append(name, value);
  return fd;
}

/** The page's address without the draft's parameter: what a draft is kept for. */
export function draftPage(url: URL): string {
  const u = new URL(url);
  u.searchParams.delete(DRAFT_PARAM);
  return u.pathname + u.search;
}

/** The page's address with the draft's id, where the login sends the user back. */
export function withDraft(page: string, id: string): string {
  return `${page}${page.includes("?") ? "&" : "?"}${DRAFT_PARAM}=${encodeURIComponent(id)}`;
}

/** The notice above a form filled from a draft. */
export const DRAFT_NOTICE =
  "Votre session avait expiré : voici ce que vous aviez saisi (sans les fichiers). Vérifiez-le, puis envoyez de nouveau le formulaire.";
