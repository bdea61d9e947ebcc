// /confidentialite: the privacy policy. Served without React (docs/decisions/0222); its text is
// components/legal/PrivacyText.tsx.
import { STATIC_PAGE } from "~/components/islands";
import { LegalPageOf, legalMeta } from "~/components/legal/pages";

export const handle = STATIC_PAGE;
export const meta = legalMeta("confidentialite");

export default function Confidentialite() {
  return <LegalPageOf name="confidentialite" />;
}
