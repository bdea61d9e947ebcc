// What the root loader (app/root.tsx) gives every page, and the hook pages read it with (routes do not import
// each other, root included).
import { useRouteLoaderData } from "@remix-run/react";
import type { Mode } from "~/utils/mode.server";

export interface RootData {
  user: { email: string; isAdmin: boolean } | null;
  mode: Mode;
  isDev: boolean;
  tileUrl: string;
}

/** The root loader's data (undefined only while the root itself failed and its error boundary renders). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
