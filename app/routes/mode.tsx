import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { setModeHeader } from "~/utils/mode.server";
import { safeRedirect } from "~/utils/safe-redirect";
import * as paths from "~/domain/paths";

const ModeSchema = z.object({ mode: z.enum(["coureur", "organisateur"]), redirectTo: z.string().optional() });

export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = ModeSchema.safeParse(form);
  if (!parsed.success) throw new Response("Mode inconnu", { status: 400 });
  return redirect(safeRedirect(parsed.data.redirectTo, "/"), {
    headers: { "Set-Cookie": await setModeHeader(parsed.data.mode) },
  });
}

export function loader() {
  return redirect(paths.home());
}
