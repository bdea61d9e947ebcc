// The desk's state on the phone (decision 0216): the format's list and the scans not yet sent, in IndexedDB
// (idb-keyval), so that a reload with the network cut still has them; the sync of the queued scans (one batch, the
// server keeps the earliest time of each runner); the service worker that keeps the page for offline reloads.
import { createStore, get, set, update, type UseStore } from "idb-keyval";
import type { DeskRunner, Scan, ScanOutcome } from "~/domain/check-in";
import * as paths from "~/domain/paths";

let store: UseStore | null = null;
const db = () => {
  store ??= createStore("balise-retrait", "desk");
  return store;
};
const runnersKey = (formatId: string) => `coureurs:${formatId}`;
const queueKey = (formatId: string) => `a-envoyer:${formatId}`;

export type PendingScan = Scan & { at: string };

export async function loadRunners(formatId: string): Promise<DeskRunner[] | undefined> {
  return get<DeskRunner[]>(runnersKey(formatId), db());
}

export async function saveRunners(formatId: string, runners: DeskRunner[]): Promise<void> {
  await set(runnersKey(formatId), runners, db());
}

export async function pendingScans(formatId: string): Promise<PendingScan[]> {
  return (await get<PendingScan[]>(queueKey(formatId), db())) ?? [];
}

export async function enqueue(formatId: string, scan: PendingScan): Promise<void> {
  await update<PendingScan[]>(queueKey(formatId), (q) => [...(q ?? []), scan], db());
}

async function dropSent(formatId: string, sent: PendingScan[]): Promise<void> {
  const key = (s: PendingScan) => `${s.inscriptionId}@${s.at}`;
  const gone = new Set(sent.map(key));
  await update<PendingScan[]>(queueKey(formatId), (q) => (q ?? []).filter((s) => !gone.has(key(s))), db());
}

/** The server's list with what this phone scanned and has not sent yet. */
export function withPending(runners: DeskRunner[], queue: PendingScan[], by: string): DeskRunner[] {
  const first = new Map<string, string>();
  for (const s of queue)
    if (!first.has(s.inscriptionId) || s.at < (first.get(s.inscriptionId) ?? "")) first.set(s.inscriptionId, s.at);
  return runners.map((r) => {
    const at = first.get(r.id);
    if (!at || (r.retire_le && r.retire_le <= at)) return r;
    return { ...r, retire_le: at, retire_par: r.retire_le ? r.retire_par : by };
  });
}

/** This phone's label, kept in the browser (the server records it with each scan). */
export function deviceId(): string {
  const k = "balise-retrait-appareil";
  let id = localStorage.getItem(k);
  if (!id) {
    id = `tel-${crypto.randomUUID().slice(0, 8)}`;
    localStorage.setItem(k, id);
  }
  return id;
}

export interface SyncAnswer {
  outcomes: ScanOutcome[];
  runners: DeskRunner[];
}

/** Sends the queued scans in one batch; null when the network (or the server) did not answer. */
export async function pushQueue(formatId: string): Promise<SyncAnswer | null> {
  const queue = await pendingScans(formatId);
  if (queue.length === 0 || !navigator.onLine) return null;
  try {
    const res = await fetch(paths.checkInSync(formatId), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ appareil: deviceId(), scans: queue }),
    });
    if (!res.ok) return null;
    const answer = (await res.json()) as SyncAnswer;
    await dropSent(formatId, queue);
    return answer;
  } catch {
    return null;
  }
}

/** The format's list from the server; null offline. */
export async function fetchRunners(formatId: string): Promise<DeskRunner[] | null> {
  if (!navigator.onLine) return null;
  try {
    const res = await fetch(paths.checkInList(formatId), { headers: { Accept: "application/json" } });
    if (!res.ok) return null;
    return ((await res.json()) as { runners: DeskRunner[] }).runners;
  } catch {
    return null;
  }
}

/** The service worker that keeps the desk's page and scripts for a reload without network. */
export function registerDeskWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register(paths.CHECK_IN_SERVICE_WORKER, { scope: paths.CHECK_IN_SCOPE })
    .catch((e) => console.warn("service worker", e));
}
