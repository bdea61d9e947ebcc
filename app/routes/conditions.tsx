// /conditions: the terms of use. Served without React (docs/decisions/0222); its text is
// components/legal/ConditionsText.tsx.
import { STATIC_PAGE } from "~/components/islands";
import { LegalPageOf, legalMeta } from "~/components/legal/pages";

export const handle = STATIC_PAGE;
export const meta = legalMeta("conditions");

export default function Conditions() {
  return <LegalPageOf name="conditions" />;
}
