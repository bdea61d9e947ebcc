// Readable, unique slugs for events: "Trail des Lacs d'Annecy" -> "trail-des-lacs-d-annecy".

const MAX_LENGTH = 80;

/** Lower-case ASCII words joined by hyphens: "œ"/"æ" spelled out, accents dropped, anything else a separator. */
export function hyphenWords(text: string): string {
  return text
    .replace(/œ/g, "oe")
    .replace(/Œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/Æ/g, "ae")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Lower-case ASCII words joined by dashes; accents dropped, "œ"/"æ"/"ß" spelled out. Never empty. */
export function slugify(name: string): string {
  let slug = hyphenWords(name.replace(/ß/g, "ss"));
  if (slug.length > MAX_LENGTH) slug = slug.slice(0, MAX_LENGTH).replace(/-+[^-]*$/, "") || slug.slice(0, MAX_LENGTH);
  return slug || "epreuve";
}

/**
 * The first free slug among base, base-2, base-3…, given the slugs already taken.
 * `own` is the slug the event already holds (editing): keeping it is allowed.
 */
export function uniqueSlug(base: string, taken: Iterable<string>, own?: string | null): string {
  const used = new Set(taken);
  if (own) used.delete(own);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
