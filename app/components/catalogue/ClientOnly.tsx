import { useEffect, useState, type ReactNode } from "react";

/** True once React has hydrated in the browser (false during server rendering and without JavaScript). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Renders `children()` only in the browser after hydration; `fallback` on the server and without JavaScript. */
export function ClientOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? <>{children()}</> : <>{fallback}</>;
}

let appHydrated = false;

/** Called once the page has hydrated (root layout effect): components mounted after that have no server HTML. */
export function markAppHydrated(): void {
  appHydrated = true;
}

/** False while React hydrates the server's page (and on the server), true for anything mounted afterwards. */
export function isAppHydrated(): boolean {
  return appHydrated;
}
