// The desk's state with JavaScript (decision 0216): the list kept on the phone, local-first scans (a scan is decided
// from the list the phone holds, queued in IndexedDB and sent as soon as the network allows), the server's answer
// merged back (its earliest time and its refusals win), and a refresh of the list every few seconds online.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  alreadyText,
  CHECK_IN_REFUSALS,
  checkInRefusal,
  type DeskRunner,
  parseScan,
  type ScanOutcome,
  undoneText,
} from "~/domain/check-in";
import {
  enqueue,
  fetchRunners,
  loadRunners,
  pendingScans,
  pushQueue,
  registerDeskWorker,
  saveRunners,
  withPending,
} from "./desk-store.client";

export type DeskResult =
  | { kind: "retire"; runner: DeskRunner }
  | { kind: "deja"; runner: DeskRunner; text: string }
  | { kind: "refus"; runner: DeskRunner | null; text: string };

const THIS_PHONE = "cet appareil";
const REFRESH_MS = 10_000;

function fromOutcome(o: ScanOutcome, runner: DeskRunner | null): DeskResult | null {
  if (o.kind === "refus") return { kind: "refus", runner, text: CHECK_IN_REFUSALS[o.reason] };
  if (o.kind === "deja" && runner) return { kind: "deja", runner, text: alreadyText(o.at, o.by, new Date()) };
  // Scanned before the pick-up was undone (on another phone, or online meanwhile): the scan did not count.
  if (o.kind === "annule")
    return { kind: "refus", runner, text: `${undoneText(o.at, o.by)}\u00a0: ce scan, antérieur, n'a pas été compté.` };
  return null;
}

export function useDesk(formatId: string, serverRunners: DeskRunner[]) {
  const [runners, setRunnersState] = useState(serverRunners);
  const current = useRef(serverRunners);
  const [queued, setQueued] = useState(0);
  const [online, setOnline] = useState(true);
  const [result, setResult] = useState<DeskResult | null>(null);

  const show = useCallback(
    async (list: DeskRunner[]) => {
      const queue = await pendingScans(formatId);
      const merged = withPending(list, queue, THIS_PHONE);
      current.current = merged;
      setRunnersState(merged);
      setQueued(queue.length);
      await saveRunners(formatId, merged);
    },
    [formatId],
  );

  const inFlight = useRef<Promise<void> | null>(null);
  const sync = useCallback(async () => {
    // One batch at a time: the timer and a scan must not send the same queue twice (a scan made meanwhile goes next).
    while (inFlight.current) await inFlight.current;
    const run = (async () => {
      const answer = await pushQueue(formatId);
      if (answer) {
        await show(answer.runners);
        // The server had the last word: a refusal, or another phone that handed the bib out earlier.
        setResult((shown) => {
          const o = shown?.runner && answer.outcomes.find((x) => x.id === shown.runner?.id);
          if (!o || shown?.kind !== "retire") return shown;
          if (o.kind === "deja" && shown.runner.retire_le && o.at >= shown.runner.retire_le) return shown;
          return fromOutcome(o, answer.runners.find((r) => r.id === o.id) ?? null) ?? shown;
        });
      } else setQueued((await pendingScans(formatId)).length);
    })();
    inFlight.current = run;
    try {
      await run;
    } finally {
      inFlight.current = null;
    }
  }, [formatId, show]);

  const refresh = useCallback(async () => {
    await sync();
    const list = await fetchRunners(formatId);
    if (list) await show(list);
  }, [formatId, show, sync]);

  useEffect(() => {
    registerDeskWorker();
    setOnline(navigator.onLine);
    // Online, the page's list is the newest; offline (a reload served by the worker), the one kept on the phone.
    (async () => {
      const kept = navigator.onLine ? undefined : await loadRunners(formatId);
      await show(kept ?? serverRunners);
      await sync();
    })();
    const up = () => {
      setOnline(true);
      void refresh();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    const timer = window.setInterval(() => navigator.onLine && void refresh(), REFRESH_MS);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      window.clearInterval(timer);
    };
  }, [formatId, serverRunners, show, sync, refresh]);

  /** A runner handed their bib: decided from the phone's list, queued, sent when possible. */
  const checkIn = useCallback(
    async (id: string, signature?: string) => {
      const runner = current.current.find((r) => r.id === id) ?? null;
      let shown: DeskResult;
      if (!runner) shown = { kind: "refus", runner: null, text: CHECK_IN_REFUSALS.autre_format };
      else if (signature !== undefined && signature !== runner.signature)
        shown = { kind: "refus", runner: null, text: CHECK_IN_REFUSALS.jeton_invalide };
      else if (checkInRefusal(runner.statut))
        shown = { kind: "refus", runner, text: CHECK_IN_REFUSALS[checkInRefusal(runner.statut) ?? "inconnue"] };
      else if (runner.retire_le)
        shown = { kind: "deja", runner, text: alreadyText(runner.retire_le, runner.retire_par, new Date()) };
      else {
        await enqueue(formatId, { inscriptionId: id, signature, at: new Date().toISOString() });
        await show(current.current);
        shown = { kind: "retire", runner: current.current.find((r) => r.id === id) ?? runner };
      }
      setResult(shown);
      if (shown.kind === "retire") await sync();
    },
    [formatId, show, sync],
  );

  const scanText = useCallback(
    async (text: string) => {
      const code = parseScan(text);
      if (!code) setResult({ kind: "refus", runner: null, text: CHECK_IN_REFUSALS.inconnue });
      else await checkIn(code.inscriptionId, code.signature);
    },
    [checkIn],
  );

  const clearResult = useCallback(() => setResult(null), []);
  return { runners, queued, online, result, clearResult, checkIn, scanText };
}
