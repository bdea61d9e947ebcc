// /legal/remboursements: the refund policy. Served without React (docs/decisions/0222); its text is
// components/legal/RefundPolicyText.tsx.
import { STATIC_PAGE } from "~/components/islands";
import { LegalPageOf, legalMeta } from "~/components/legal/pages";

export const handle = STATIC_PAGE;
export const meta = legalMeta("remboursements");

export default function Remboursements() {
  return <LegalPageOf name="remboursements" />;
}
