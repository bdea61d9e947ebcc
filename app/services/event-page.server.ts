// The public event page (/courses/:id): who may see it, the event with its formats and places, the selected tab's
// content (the GPX track from storage), the share link's QR code, the structured data and the discussion. The route
// only maps the result to a response (issue 19: routes stay thin).
import { transferRulesSentence } from "~/domain/transfer";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { courseIdAt, type FormatDetail, getCourseWithFormats } from "~/db/catalogue/event.server";
import {
  courseBadges,
  hasMeals,
  isCourseFull,
  isFormatFull,
  isLowPlaces,
  minPrice,
  nextDate,
  placesLeft,
  valueRange,
} from "~/domain/catalogue";
import { eventJsonLd } from "~/domain/event-json-ld";
import { elevationProfile, type ParsedGpx, validateGpx } from "~/domain/gpx";
import { parisDate } from "~/domain/refund";
import { canTakePayments } from "~/domain/registration";
import { fullness } from "~/domain/registration-rules";
import { canViewCourse } from "~/domain/visibility";
import { windowStatement } from "~/domain/registration-window";
import { availability } from "~/domain/waitlist";
import { listRunnerEntries } from "~/services/waitlist.server";
import { formatDateLong, formatDateTimeLong } from "~/domain/format";
import { discussionStatements, type DiscussionRows, loadDiscussionFor } from "~/services/chat-discussion.server";
import { EVENT_QR_SIZE, qrSvg } from "~/utils/qr.server";
import type { SessionUser } from "~/utils/session.server";
import * as paths from "~/domain/paths";
import { imageSources, socialImage } from "~/domain/image-variants";

export const EVENT_TABS = ["apercu", "formats", "parcours", "infos"] as const;
export type EventTab = (typeof EVENT_TABS)[number];

/** "/fichiers/gpx/x.gpx" -> "gpx/x.gpx" (our storage key); anything else is not ours. */
function storageKey(url: string | null): string | null {
  if (!url) return null;
  const m = /^\/fichiers\/([a-z0-9][a-z0-9/_.-]{0,200})$/i.exec(url);
  return m && !m[1].includes("..") ? m[1] : null;
}

/** The picture of a shared link, absolute: the 1200 × 630 social size when made (with its size), else the original. */
function ogImage(base: string, url: string | null, variants: string | null) {
  const social = socialImage(url, variants);
  return social ? { ...social, url: paths.absoluteUrl(base, social.url) } : null;
}

function withPlaces(f: FormatDetail, now: Date) {
  const left = placesLeft(f.nb_max_coureurs, f.taken);
  // 'waitlist': full (or its freed places go to the runners waiting): newcomers join the list (issue 20).
  const avail = availability({
    cap: f.nb_max_coureurs,
    taken: f.taken,
    waiting: Number(f.waiting ?? 0),
    listEnabled: Boolean(f.liste_attente_active),
  });
  // Before the organiser's opening time (or after the close), the statement replaces 'S'inscrire' (issue 21).
  const fenetre = windowStatement(f, now, formatDateTimeLong);
  return {
    ...f,
    /** The bib transfer rules in one sentence, shown before anyone pays (null: no transfer). Issue 22. */
    transferRules: transferRulesSentence(f, formatDateLong),
    left,
    full: isFormatFull(f.nb_max_coureurs, f.taken) === true,
    /** 'Complet' only when every place is held for good; places held by checkouts may come back (issue 42). */
    fullness: fullness(f.nb_max_coureurs, f.taken, Number(f.held ?? 0)),
    low: isLowPlaces(left),
    avail,
    fenetre,
  };
}

type Parcours =
  | null
  | { error: string }
  | { profile: Omit<ReturnType<typeof elevationProfile>, "track" | "bounds">; track: [number, number][][] };

/** A format's GPX (its `gpx_url`), read from storage and parsed: the one way the pages read a track. */
export async function loadFormatGpx(
  context: Pick<AppLoadContext, "storage">,
  gpxUrl: string,
): Promise<{ gpx: ParsedGpx } | { error: string }> {
  const key = storageKey(gpxUrl);
  const object = key ? await context.storage.get(key) : null;
  if (!object) return { error: "Le fichier GPX de ce format est introuvable." };
  const parsed = validateGpx(await object.text());
  if (!parsed.ok) return { error: parsed.message };
  return { gpx: parsed.gpx };
}

/** The selected format's track and elevation profile, read from storage and checked. */
async function loadParcours(context: Pick<AppLoadContext, "storage">, gpxUrl: string): Promise<Parcours> {
  const loaded = await loadFormatGpx(context, gpxUrl);
  if ("error" in loaded) return loaded;
  const { track, bounds: _bounds, ...profile } = elevationProfile(loaded.gpx, { maxPoints: 300, maxTrackPoints: 600 });
  return { profile, track };
}

/** The id of the event at /courses/{idOrSlug} (its id or its slug), null when there is none. */
export function eventIdAt(context: Pick<AppLoadContext, "db">, idOrSlug: string): Promise<string | null> {
  return courseIdAt(context.db, idOrSlug.slice(0, 200));
}

export type EventPageResult =
  | { ok: false; code: "introuvable" | "hors_ligne" }
  | { ok: true; page: Awaited<ReturnType<typeof buildPage>> };

/**
 * The event page for `user` (null: a visitor). Offline events: only their organiser (and admins, who may view
 * everything) see them; anybody else gets "hors_ligne" and no content. `wantedTab` and `wantedFormat` come from the
 * query string; an unknown tab, or the route tab without any track, opens the overview.
 */
export async function loadEventPage(
  context: AppLoadContext,
  {
    idOrSlug,
    user,
    wantedTab,
    wantedFormat,
  }: { idOrSlug: string; user: SessionUser | null; wantedTab: string | null; wantedFormat: string | null },
): Promise<EventPageResult> {
  const now = context.clock.now();
  // The event, its formats and its discussion in one round trip.
  const data = await getCourseWithFormats<DiscussionRows>(
    context.db,
    idOrSlug.slice(0, 200),
    now.toISOString(),
    discussionStatements,
  );
  if (!data) return { ok: false, code: "introuvable" };
  if (!canViewCourse(data.course, user)) return { ok: false, code: "hors_ligne" };
  return { ok: true, page: await buildPage(context, data, user, now, wantedTab, wantedFormat) };
}

async function buildPage(
  context: AppLoadContext,
  data: NonNullable<Awaited<ReturnType<typeof getCourseWithFormats<DiscussionRows>>>>,
  user: SessionUser | null,
  now: Date,
  wantedTab: string | null,
  wantedFormat: string | null,
) {
  const { course } = data;
  const today = parisDate(now);
  const isOwner = !!user && user.id === course.organisateur_id;
  const formats = data.formats.map((f) => withPlaces(f, now));
  const hasGpx = formats.some((f) => !!f.gpx_url);
  let tab: EventTab = EVENT_TABS.find((t) => t === wantedTab) ?? "apercu";
  if (tab === "parcours" && !hasGpx) tab = "apercu";
  const selected = formats.find((f) => f.id === wantedFormat) ?? formats[0] ?? null;
  const parcours = tab === "parcours" && selected?.gpx_url ? await loadParcours(context, selected.gpx_url) : null;

  // The runner's own places on the formats' waiting lists: their position, or their running offer.
  const waitlist = user && course.en_ligne ? await listRunnerEntries(context, user.id, course.id) : [];
  const base = context.env.APP_URL;
  const shareUrl = paths.absoluteUrl(base, paths.eventPage(course.slug));
  const next = nextDate(
    formats.map((f) => f.date),
    today,
  );
  const meals = hasMeals(formats.map((f) => f.stock_repas));
  const full = isCourseFull(formats.map((f) => ({ nb_max_coureurs: f.nb_max_coureurs, taken: f.taken })));
  // 'Complet' (the badge, the hero) only when every place is held for good: places held by unpaid checkouts may
  // come back (issue 42, fullness in the registration rules).
  const forGood = isCourseFull(
    formats.map((f) => ({ nb_max_coureurs: f.nb_max_coureurs, taken: f.taken - Number(f.held ?? 0) })),
  );
  const badges = courseBadges({
    nextDate: next,
    hasMeals: meals,
    isFull: forGood,
    createdAt: course.created_at,
    enLigne: !!course.en_ligne,
    now,
    today,
  });
  const first = formats.find((f) => f.date === next) ?? formats.find((f) => f.date) ?? null;

  return {
    course: {
      id: course.id,
      slug: course.slug,
      nom: course.nom,
      presentation: course.presentation,
      lieu: course.lieu,
      departement: course.departement,
      code_postal: course.code_postal,
      lat: course.lat,
      lng: course.lng,
      image_url: course.image_url,
      /** The hero's image, in its sizes when made (decision 0223). */
      image: imageSources(course.image_url, course.image_variants, "hero"),
      en_ligne: !!course.en_ligne,
      organisation_nom: course.organisation_nom,
    },
    paymentsOpen: canTakePayments({
      accountId: course.organiser_account_id,
      chargesEnabled: course.organiser_charges_enabled,
    }),
    isOwner,
    waitlist: waitlist.map((e) => ({
      id: e.id,
      formatId: e.format_id,
      formatNom: e.format_nom,
      statut: e.statut,
      position: e.position,
      genre: e.genre,
    })),
    anyWaitlist: formats.some((f) => f.avail === "waitlist" && !f.fenetre),
    // No format takes registrations right now: the hero says when they open instead of 'S'inscrire'.
    windowNote:
      formats.length > 0 && formats.every((f) => f.fenetre)
        ? [...formats].sort((a, b) =>
            (a.ouverture_inscriptions ?? "9").localeCompare(b.ouverture_inscriptions ?? "9"),
          )[0].fenetre
        : null,
    formats,
    selectedId: selected?.id ?? null,
    tab,
    hasGpx,
    parcours,
    next,
    minPrice: minPrice(formats.map((f) => f.prix_cents)),
    minPaidPrice: minPrice(formats.map((f) => f.prix_cents).filter((c) => c > 0)),
    distance: valueRange(formats.map((f) => f.distance_km)),
    dplus: valueRange(formats.map((f) => f.denivele_dplus)),
    meals,
    full: full === true,
    complet: forGood === true,
    /** Places held by checkouts in progress over the event's formats (what the hero says when no place is free). */
    held: formats.reduce((n, f) => n + Number(f.held ?? 0), 0),
    /** The one format of the event, for the hero's links (the form opens with it chosen). */
    onlyFormatId: formats.length === 1 ? formats[0].id : null,
    badges,
    shareUrl,
    ogImage: ogImage(base, course.image_url, course.image_variants),
    qr: await qrSvg(shareUrl, EVENT_QR_SIZE),
    // The discussion of an offline event is its organiser's only (an admin viewing it sees none).
    discussion: await loadDiscussionFor(
      context,
      { id: course.id, organisateur_id: course.en_ligne || isOwner ? course.organisateur_id : null },
      user,
      data.also,
    ),
    jsonLd: eventJsonLd(course, formats, first, base, shareUrl),
    // The formats whose results are published (issue 44): a 'Résultats' link each.
    results: formats.filter((f) => f.resultats_publies).map((f) => ({ id: f.id, nom: f.nom })),
  };
}
