import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "~/db/client.server";
import { systemClock, type Clock } from "~/providers/clock";
import { createHttpMailer, createLocalMailer, type Mailer } from "~/providers/mailer.server";
import { createJustificatifVerifier, type JustificatifVerifier } from "~/providers/justificatif-verifier";
import type { PaymentProvider } from "~/providers/payments";
import { createR2Storage, type Storage } from "~/providers/storage.server";
import { createPaymentProvider } from "~/services/payment-provider.server";
import { allowsLocalStandIns, envFromBindings, mailFrom, type AppEnv } from "~/utils/env.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: AppEnv;
    bindings: Env;
    ctx: Pick<ExecutionContext, "waitUntil">;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    storage: Storage;
    /** Stripe when STRIPE_SECRET_KEY is set (always in production), the local provider otherwise. */
    payments: PaymentProvider;
    /** Checks a runner's licence or PPS (the local one: formats and dates; decision 0150). */
    verifier: JustificatifVerifier;
    nonce: string;
    /** Development or test: the local stand-ins and /dev/* pages exist. */
    isDev: boolean;
  }
}

export interface LoadContextInput {
  request: Request;
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  nonce: string;
  clock?: Clock;
  /** Benchmarks only: the D1 binding to use instead of env.DB (a counting wrapper). */
  d1?: D1Database;
}

/** Builds everything a request needs. Called once per request; nothing lives at module level. */
export function getLoadContext({ env: bindings, ctx, nonce, clock, d1 }: LoadContextInput): AppLoadContext {
  const env = envFromBindings(bindings);
  const db = createDb(d1 ?? bindings.DB);
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
    verifier: createJustificatifVerifier(),
    nonce,
    isDev: allowsLocalStandIns(env),
  } as AppLoadContext;
  context.payments = createPaymentProvider(context);
  return context;
}
