import { useEffect, useState } from "react";

/** False on the server, without JavaScript and while React hydrates the page; true once React runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
