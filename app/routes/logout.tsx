import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/utils/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(request, context) } });
}

export function loader() {
  return redirect("/");
}
