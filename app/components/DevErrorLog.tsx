import { useEffect, useState } from "react";

/** Development only: a small on-screen box listing uncaught errors and unhandled promise rejections. */
export function DevErrorLog() {
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    const onError = (e: ErrorEvent) => setErrors((l) => [...l.slice(-9), `Erreur\u00a0: ${e.message}`]);
    const onRejection = (e: PromiseRejectionEvent) =>
      setErrors((l) => [
        ...l.slice(-9),
        `Promesse rejetée\u00a0: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`,
      ]);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  if (!errors.length) return null;
  return (
    <aside className="dev-error-log" aria-live="polite" data-testid="dev-error-log">
      <strong>Erreurs (dev)</strong>
      <button type="button" onClick={() => setErrors([])} aria-label="Effacer">
        ×
      </button>
      <ul>
        {errors.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a log only grows at its end or is cleared
          <li key={i}>{e}</li>
        ))}
      </ul>
    </aside>
  );
}
