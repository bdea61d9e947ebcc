import { createCookie } from "@remix-run/cloudflare";

export type Mode = "coureur" | "organisateur";

/** The Coureur/Organisateur display mode: a plain cookie so the server renders the right menu without JS. */
export const modeCookie = createCookie("balise_mode", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getMode(request: Request): Promise<Mode> {
  const value = await modeCookie.parse(request.headers.get("Cookie"));
  return value === "organisateur" ? "organisateur" : "coureur";
}

export async function setModeHeader(mode: Mode): Promise<string> {
  return modeCookie.serialize(mode);
}
