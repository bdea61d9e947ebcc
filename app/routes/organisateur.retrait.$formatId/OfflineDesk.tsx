// The desk with JavaScript (decision 0216): the counter, the sync state, the camera scanner with the last result,
// and the search-and-tick list, all from the list kept on the phone, so that it works with the network cut.
import { useState } from "react";
import { type DeskRunner, matchesSearch, mayCheckIn, mayUndo, pickupCounter } from "~/domain/check-in";
import { personName } from "~/domain/format";
import { DeskRunnerList, mayValidate, UndoButton, ValidateButton } from "./RunnerFacts";
import { Scanner } from "./Scanner";
import { ScanResult } from "./ScanResult";
import { useDesk } from "./useDesk";

export function OfflineDesk({
  formatId,
  formatNom,
  runners: serverRunners,
}: {
  formatId: string;
  formatNom: string;
  runners: DeskRunner[];
}) {
  const desk = useDesk(formatId, serverRunners);
  const [q, setQ] = useState("");
  const counter = pickupCounter(desk.runners);
  const shown = q ? desk.runners.filter((r) => matchesSearch(r, q)) : desk.runners;
  return (
    <>
      <p className="desk-counter" aria-live="polite" data-testid="compteur">
        <strong>{counter.retires}</strong> retirés / <strong>{counter.attendus}</strong> attendus
      </p>
      <p className={desk.online ? "desk-sync" : "desk-sync desk-offline"} aria-live="polite">
        {desk.online ? "En ligne" : "Hors ligne"}
        {desk.queued > 0 ? ` · ${desk.queued} scan${desk.queued > 1 ? "s" : ""} à envoyer` : " · tout est synchronisé"}
      </p>
      <Scanner paused={!!desk.result} onCode={(text) => void desk.scanText(text)} onStart={desk.clearResult} />
      {desk.result ? (
        <ScanResult result={desk.result} formatNom={formatNom} online={desk.online} onNext={desk.clearResult} />
      ) : null}
      <div className="desk-search" role="search">
        <label htmlFor="desk-q">Nom ou dossard</label>
        <input id="desk-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
      </div>
      <DeskRunnerList
        runners={shown}
        actions={(r) => (
          <>
            {mayCheckIn(r) ? (
              <button
                type="button"
                className="btn btn-primary"
                aria-label={`Retirer le dossard de ${personName(r)}`}
                onClick={() => void desk.checkIn(r.id)}
              >
                Retirer
              </button>
            ) : null}
            {desk.online && mayValidate(r) ? <ValidateButton r={r} /> : null}
            {desk.online && desk.queued === 0 && mayUndo(r) ? <UndoButton r={r} /> : null}
          </>
        )}
      />
    </>
  );
}
