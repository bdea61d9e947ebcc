// /legal/charte-organisateur: the organisers' charter. Served without React (docs/decisions/0222); its text is
// components/legal/OrganiserCharterText.tsx.
import { STATIC_PAGE } from "~/components/islands";
import { LegalPageOf, legalMeta } from "~/components/legal/pages";

export const handle = STATIC_PAGE;
export const meta = legalMeta("charteOrganisateur");

export default function CharteOrganisateur() {
  return <LegalPageOf name="charteOrganisateur" />;
}
