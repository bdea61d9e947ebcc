import type { ReactNode } from "react";
import { useHydrated } from "~/components/useHydrated";

/** Renders `children()` only in the browser after hydration; `fallback` on the server and without JavaScript. */
export function ClientOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children() : fallback;
}

/**
 * False while React hydrates the server's page (and on the server), true for anything mounted afterwards: the root
 * layout marks the document once it has hydrated (`<html data-hydrated>`, written by app/root.tsx without importing
 * this module, so that pages without a lazy component do not load it).
 */
export function isAppHydrated(): boolean {
  return typeof document !== "undefined" && document.documentElement.dataset.hydrated === "1";
}
