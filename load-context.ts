import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "~/db/client.server";
import { systemClock, type Clock } from "~/providers/clock";
import { createHttpMailer, createLocalMailer, type Mailer } from "~/providers/mailer.server";
import { createJustificatifVerifier, type JustificatifVerifier } from "~/providers/justificatif-verifier";
import { createImagesBindingMaker, type ImageVariantMaker } from "~/providers/image-variants.server";
import type { PaymentProvider } from "~/providers/payments";
import { createR2Storage, type Storage } from "~/providers/storage.server";
import { createPaymentProvider } from "~/services/payment-provider.server";
import { allowsLocalStandIns, envFromBindings, mailFrom, type AppEnv } from "~/utils/env.server";
import { readStart, type ReadStart } from "~/domain/read-consistency";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: AppEnv;
    bindings: Env;
    ctx: Pick<ExecutionContext, "waitUntil">;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    storage: Storage;
    /** Makes an event image's sizes (Cloudflare Images, decision 0223). */
    images: ImageVariantMaker;
    /** Stripe when STRIPE_SECRET_KEY is set (always in production), the local provider otherwise. */
    payments: PaymentProvider;
    /** Checks a runner's licence or PPS (the local one: formats and dates; decision 0150). */
    verifier: JustificatifVerifier;
    nonce: string;
    /** Development or test: the local stand-ins and /dev/* pages exist. */
    isDev: boolean;
    /** The request's D1 session (read replication, decision 0161): where it started, and its latest bookmark. */
    d1Session: { start: ReadStart; bookmark(): string | null };
  }
}

export interface LoadContextInput {
  request: Request;
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  nonce: string;
  clock?: Clock;
  /** Benchmarks only: wraps the request's D1 session (a counting wrapper). */
  wrapD1?: (d1: D1Database) => D1Database;
  /** Where the D1 session starts when the request alone does not say (the cron job: the primary). */
  readFrom?: ReadStart;
  /** The request's address, when the caller has already parsed it. */
  url?: URL;
}

/**
 * The request's D1 session (Sessions API): every query of the request goes through it, so that reads may come from a
 * replica near the runner yet never go back in time; `readStart` (app/domain/read-consistency.ts) says where it
 * starts. A session has prepare and batch, all that drizzle and app/db use of a binding. A binding without
 * withSession (an older local runtime) is used as it is: every query then goes to the primary.
 */
function openD1Session(db: D1Database, start: ReadStart): { d1: D1Database; bookmark(): string | null } {
  if (typeof db.withSession !== "function") return { d1: db, bookmark: () => null };
  const session = db.withSession(typeof start === "string" ? start : start.bookmark);
  return { d1: session as unknown as D1Database, bookmark: () => session.getBookmark() };
}

/** Builds everything a request needs. Called once per request; nothing lives at module level. */
export function getLoadContext({
  request,
  env: bindings,
  ctx,
  nonce,
  clock,
  wrapD1,
  readFrom,
  url,
}: LoadContextInput): AppLoadContext {
  const env = envFromBindings(bindings);
  const start =
    readFrom ??
    readStart({
      method: request.method,
      pathname: (url ?? new URL(request.url)).pathname,
      cookieHeader: request.headers.get("Cookie"),
    });
  const session = openD1Session(bindings.DB, start);
  const db = createDb(wrapD1 ? wrapD1(session.d1) : session.d1);
  // Production always has MAIL_API_URL and MAIL_API_KEY (envFromBindings refuses it otherwise).
  const mailer =
    env.MAIL_API_KEY && env.MAIL_API_URL
      ? createHttpMailer(db, { apiUrl: env.MAIL_API_URL, apiKey: env.MAIL_API_KEY, from: mailFrom(env) })
      : createLocalMailer(db);
  const context = {
    env,
    bindings,
    ctx,
    db,
    clock: clock ?? systemClock,
    mailer,
    storage: createR2Storage(bindings.FILES),
    images: createImagesBindingMaker(bindings.IMAGES),
    verifier: createJustificatifVerifier(),
    nonce,
    isDev: allowsLocalStandIns(env),
    d1Session: { start, bookmark: session.bookmark },
  } as AppLoadContext;
  context.payments = createPaymentProvider(context);
  return context;
}
