import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/utils/session.server";
import * as paths from "~/domain/paths";

export async function action({ request, context }: ActionFunctionArgs) {
  return redirect(paths.login(), { headers: { "Set-Cookie": await destroySession(request, context) } });
}

export function loader() {
  return redirect(paths.home());
}
