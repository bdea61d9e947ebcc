// Promo codes (issue 43, ADR 0214): the organiser's codes of an event (create, list with their uses, deactivate,
// each recorded in the journal), and the registration's check of a code typed on the form (applicability and
// discount, before the hold re-checks the uses atomically: app/services/place-hold.server.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  deactivatePromoCode,
  findPromoCode,
  insertPromoCode,
  listPromoCodes,
  promoUses,
} from "~/db/promo-codes.server";
import { CourseError } from "~/domain/course-errors";
import type { RegistrationInput } from "~/domain/registration";
import { formatEuros } from "~/domain/format";
import {
  applyCode,
  type NewPromoCode,
  normaliseCode,
  PromoError,
  type PromoKind,
  refusal,
  valueLabel,
} from "~/domain/promo-code";
import { type AuditActor, recordAction } from "./audit.server";
import { getCourseForOwner } from "./courses.server";

type Ctx = AppLoadContext;

/** A code applied to a registration: what the hold records and the summary shows. */
export interface PromoApplied {
  codeId: string;
  code: string;
  type_remise: PromoKind;
  valeur: number;
  discountCents: number;
  paidCents: number;
}

/** What the registration's check needs of the form. */
export interface PromoRequest {
  courseId: string;
  userId: string;
  formatId: string;
  email: string;
  club: string | null | undefined;
  totalCents: number;
  /** The registration being changed (the runner's running hold in the format): its own use is not counted. */
  exceptId?: string | null;
}

/**
 * The code typed on the form, applied to the registration: null when none was typed; a PromoError (its French
 * message beside the field) when it does not exist or does not apply now.
 */
export async function resolvePromo(context: Ctx, raw: string | null | undefined, r: PromoRequest) {
  const text = normaliseCode(raw ?? "");
  if (text === "") return null;
  const code = await findPromoCode(context.db, r.courseId, text);
  if (!code) throw new PromoError("code_inconnu");
  const now = context.clock.now();
  const uses = await promoUses(context.db, code.id, r.userId, now.toISOString(), r.exceptId ?? null);
  const why = refusal(code, {
    now,
    formatId: r.formatId,
    email: r.email,
    club: r.club,
    usesTotal: uses.total,
    usesByRunner: uses.byRunner,
  });
  if (why) throw new PromoError(why);
  const applied = applyCode(code, r.totalCents);
  if (typeof applied === "string") throw new PromoError(applied);
  const result: PromoApplied = {
    codeId: code.id,
    code: code.code,
    type_remise: code.type_remise,
    valeur: code.valeur,
    ...applied,
  };
  return result;
}

// ---------------------------------------------------------------- the organiser's codes

/**
 * The event and its formats if `user` may set its prices: its owner, or a co-organiser with the Épreuve right (a
 * code is part of the event's pricing, decision 0214); anyone else reads it as missing (404).
 */
export async function requirePricingRight(context: Ctx, user: AuditActor, courseId: string) {
  try {
    return await getCourseForOwner(context.db, { id: user.id }, courseId, { needs: "epreuve" });
  } catch (e) {
    if (e instanceof CourseError && e.code === "forbidden") throw new CourseError("not_found");
    throw e;
  }
}

/** The codes page: the event, its formats (for the form) and its codes with their uses. */
export async function eventPromoCodes(context: Ctx, user: AuditActor, courseId: string) {
  const { course, formats } = await requirePricingRight(context, user, courseId);
  const codes = await listPromoCodes(context.db, course.id, context.clock.now().toISOString());
  const formatNames = new Map(formats.map((f) => [f.id, f.nom]));
  return {
    course: { id: course.id, nom: course.nom },
    formats: formats.map((f) => ({ id: f.id, nom: f.nom })),
    codes: codes.map((c) => ({
      ...c,
      valueLabel: valueLabel(c, formatEuros),
      formatNames: c.format_ids?.map((id) => formatNames.get(id) ?? id) ?? null,
    })),
  };
}

/** Creates a code for the event (a code already used by the event is refused beside the field) and records it. */
export async function createPromoCode(context: Ctx, user: AuditActor, courseId: string, data: NewPromoCode) {
  const { course, formats } = await requirePricingRight(context, user, courseId);
  const known = new Set(formats.map((f) => f.id));
  const formatIds = data.format_ids?.filter((id) => known.has(id)) ?? null;
  const ok = await insertPromoCode(context.db, {
    ...data,
    format_ids: formatIds && formatIds.length > 0 ? formatIds : null,
    id: crypto.randomUUID(),
    course_id: course.id,
    created_by: user.id,
    created_at: context.clock.now().toISOString(),
  });
  if (!ok) throw new PromoError("code_deja_pris", "code");
  await recordAction(context, user, "organisateur", "code_promo.cree", {
    courseId: course.id,
    courseNom: course.nom,
    objet: `${data.code} (${valueLabel(data, formatEuros)})`,
  });
}

/** Deactivates one of the event's codes (its registrations keep their discount) and records it. */
export async function deactivateEventPromoCode(context: Ctx, user: AuditActor, courseId: string, codeId: string) {
  const { course } = await requirePricingRight(context, user, courseId);
  const code = await deactivatePromoCode(context.db, course.id, codeId);
  if (!code) throw new PromoError("code_introuvable", "form");
  await recordAction(context, user, "organisateur", "code_promo.desactive", {
    courseId: course.id,
    courseNom: course.nom,
    objet: code,
  });
}

/** What the check of a promo code needs of the form. */
export function promoRequest(
  userId: string,
  courseId: string,
  input: RegistrationInput,
  exceptId: string | null = null,
): PromoRequest {
  return {
    courseId,
    userId,
    formatId: input.format.id,
    email: input.email,
    club: input.club,
    totalCents: input.totals.totalCents,
    exceptId,
  };
}
