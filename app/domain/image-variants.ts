// The sizes an organiser's event image is served in (decision 0223): made once at upload (then by the cron for
// older images), stored in R2 beside the original, listed on its `fichiers` row; the pages pick them with srcset and
// fall back to the original while none exists. Pure.
import { storedFile } from "./paths";
import { keyFromUrl } from "./uploads";

/** Where an image shows: a list card's thumbnail, the event page's hero, the picture of a shared link. */
export type ImageRole = "card" | "hero" | "social";

export type VariantFormat = "image/webp" | "image/jpeg";

interface RoleSpec {
  /** The widths made, smallest first (each a variant). */
  widths: number[];
  /** Width : height of every variant (cropped to it, centred). */
  ratio: [number, number];
  format: VariantFormat;
  /** The encoder's quality (1–100). */
  quality: number;
  /** The `sizes` attribute: how wide the image shows (CSS pixels). */
  sizes: string;
  /** The `src` when variants exist (browsers without srcset): the first variant at least this wide. */
  srcWidth: number;
  /** The width and height attributes (the layout box's ratio; CSS sets the real size). */
  box: { width: number; height: number };
  /**
   * Phones, narrowest first: on a screen at most `screen` CSS pixels wide, the variant `width` pixels wide, whatever
   * the screen's density (about one image pixel per CSS pixel, decisions 0236 and 0238): a backdrop darkened behind
   * the title needs no 2× picture.
   */
  phones?: { screen: number; width: number }[];
}

/**
 * The sizes table. A card's thumbnail shows at 72 × 72 CSS pixels (app/styles/app.css): 96, 144 and 216 pixels
 * wide serve screens of 1, 2 and 3 device pixels per CSS pixel. The hero covers the page's width behind the title,
 * darkened, at about one image pixel per CSS pixel on phones (decisions 0236 and 0238: 45 kB → 4.5 kB on the 2G
 * bench): the 400 up to 440 CSS pixels (phones held upright), the 640 up to 640; tablets get the 960 and larger
 * screens the 1280. The social image is the 1200 × 630 that link previews
 * ask for, in JPEG, which every preview reads.
 */
export const IMAGE_ROLES: Record<ImageRole, RoleSpec> = {
  card: {
    widths: [96, 144, 216],
    ratio: [1, 1],
    format: "image/webp",
    quality: 70,
    sizes: "72px",
    srcWidth: 144,
    box: { width: 72, height: 72 },
  },
  hero: {
    widths: [400, 640, 960, 1280],
    ratio: [16, 9],
    format: "image/webp",
    quality: 60,
    sizes: "100vw",
    srcWidth: 960,
    box: { width: 1600, height: 900 },
    phones: [
      { screen: 440, width: 400 },
      { screen: 640, width: 640 },
    ],
  },
  social: {
    widths: [1200],
    ratio: [1200, 630],
    format: "image/jpeg",
    quality: 75,
    sizes: "1200px",
    srcWidth: 1200,
    box: { width: 1200, height: 630 },
  },
};

/** The upload kinds that get variants. */
export const VARIANT_KINDS = ["course_image", "format_image"] as const;

/**
 * The most a card's thumbnail, a hero and the phones' hero may weigh (issue 46), checked by the workerd test of the
 * upload. The upright phones' hero (about 4.5 kB at the local encoder's quality) keeps the event page's first visit
 * under 30 kB and its load event near 1.5 s on the 2G bench (decision 0238).
 */
export const MAX_BYTES: Record<"card" | "hero" | "phoneHero" | "smallScreenHero", number> = {
  card: 15 * 1024,
  hero: 60 * 1024,
  phoneHero: 8 * 1024,
  /** The 640 that screens up to 640 CSS pixels get (decision 0236's limit for phones, kept). */
  smallScreenHero: 16 * 1024,
};

export interface VariantSpec {
  /** "card-144": the role and the width, also the end of its key. */
  name: string;
  role: ImageRole;
  width: number;
  height: number;
  format: VariantFormat;
  quality: number;
}

const ROLE_ORDER: ImageRole[] = ["card", "hero", "social"];

/** A variant's name, "card-144": its role and its width. */
const variantName = (role: ImageRole, width: number) => `${role}-${width}`;

/** Every variant of the table, role by role, smallest first. */
export const VARIANTS: VariantSpec[] = ROLE_ORDER.flatMap((role) => {
  const r = IMAGE_ROLES[role];
  return r.widths.map((width) => ({
    name: variantName(role, width),
    role,
    width,
    height: Math.round((width * r.ratio[1]) / r.ratio[0]),
    format: r.format,
    quality: r.quality,
  }));
});

/**
 * The sizes every image that has sizes has: each role's smallest, made from any original (`variantsToMake`). A
 * recorded list without one of them was made before that size existed: the cron's job makes the image's sizes again
 * (decision 0238).
 */
export const ALWAYS_MADE: readonly string[] = ROLE_ORDER.map((role) => variantName(role, IMAGE_ROLES[role].widths[0]));

const EXTENSION: Record<VariantFormat, string> = { "image/webp": "webp", "image/jpeg": "jpg" };

/** The R2 key of a variant, beside its original: "courses/abc.png" → "courses/abc.card-144.webp". */
export function variantKey(originalKey: string, spec: Pick<VariantSpec, "name" | "format">): string {
  const slash = originalKey.lastIndexOf("/");
  const dot = originalKey.lastIndexOf(".");
  const base = dot > slash ? originalKey.slice(0, dot) : originalKey;
  return `${base}.${spec.name}.${EXTENSION[spec.format]}`;
}

/**
 * The variants worth making for an original of this size: per role, those it covers without being enlarged, and
 * always the role's smallest (a small original is still cropped to the role's shape and re-encoded).
 */
export function variantsToMake(original: { width: number; height: number }): VariantSpec[] {
  return ROLE_ORDER.flatMap((role) => {
    const specs = VARIANTS.filter((v) => v.role === role);
    const fit = specs.filter((v) => v.width <= original.width && v.height <= original.height);
    return fit.length > 0 ? fit : specs.slice(0, 1);
  });
}

/** What the `fichiers` row records: the names made, in table order ("" when none could be made). */
export function serializeVariants(names: Iterable<string>): string {
  const made = new Set(names);
  return VARIANTS.filter((v) => made.has(v.name))
    .map((v) => v.name)
    .join(",");
}

/** The recorded names: null while nothing was tried (the cron's job picks the file up), else the set made. */
export function parseVariants(recorded: string | null | undefined): Set<string> | null {
  if (recorded == null) return null;
  return new Set(recorded.split(",").filter((n) => VARIANTS.some((v) => v.name === n)));
}

/** The R2 keys of the variants recorded for an original (to delete them with it). */
export function recordedVariantKeys(originalKey: string, recorded: string | null | undefined): string[] {
  const made = parseVariants(recorded);
  if (!made) return [];
  return VARIANTS.filter((v) => made.has(v.name)).map((v) => variantKey(originalKey, v));
}

/** The attributes of an <img>: with `srcSet` and `sizes` when variants exist, the original alone otherwise. */
export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  /** The pictures phones get at about 1× (decisions 0236 and 0238), narrowest screen first, each with its query. */
  phones?: { media: string; src: string }[];
}

/** The role's variants that exist for this stored image, smallest first (none for an image not stored here). */
function madeVariants(url: string, recorded: string | null | undefined, role: ImageRole) {
  const key = keyFromUrl(url);
  const made = parseVariants(recorded);
  if (!key || !made) return [];
  return VARIANTS.filter((v) => v.role === role && made.has(v.name)).map((v) => ({
    ...v,
    url: storedFile(variantKey(key, v)),
  }));
}

/** How an image shows in a role: its variants when some exist, else the original (`url`) in the role's box. */
export function imageSources(
  url: string | null | undefined,
  recorded: string | null | undefined,
  role: ImageRole,
): ImageSources | null {
  if (!url) return null;
  const r = IMAGE_ROLES[role];
  const made = madeVariants(url, recorded, role);
  if (made.length === 0) return { src: url, width: r.box.width, height: r.box.height };
  const atLeast = (width: number) => made.find((v) => v.width >= width) ?? made[made.length - 1];
  return {
    src: atLeast(r.srcWidth).url,
    srcSet: made.map((v) => `${v.url} ${v.width}w`).join(", "),
    sizes: r.sizes,
    width: r.box.width,
    height: r.box.height,
    ...(r.phones
      ? { phones: r.phones.map((p) => ({ media: `(max-width: ${p.screen}px)`, src: atLeast(p.width).url })) }
      : {}),
  };
}

/** The picture of a shared link: the social variant (with its size) when it exists, else the original. */
export function socialImage(
  url: string | null | undefined,
  recorded: string | null | undefined,
): { url: string; width?: number; height?: number; type?: string } | null {
  if (!url) return null;
  const social = madeVariants(url, recorded, "social").pop();
  return social ? { url: social.url, width: social.width, height: social.height, type: social.format } : { url };
}
