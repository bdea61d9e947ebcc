// /legal/cgv-organisateurs: the organisers' terms of sale. Served without React (docs/decisions/0222); its text is
// components/legal/OrganiserTermsText.tsx.
import { STATIC_PAGE } from "~/components/islands";
import { LegalPageOf, legalMeta } from "~/components/legal/pages";

export const handle = STATIC_PAGE;
export const meta = legalMeta("cgvOrganisateurs");

export default function CgvOrganisateurs() {
  return <LegalPageOf name="cgvOrganisateurs" />;
}
