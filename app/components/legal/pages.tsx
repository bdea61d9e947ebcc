// The legal pages (served without React, docs/decisions/0222): each one's title, its head and its text, said once
// here; each route is its handle, legalMeta and LegalPageOf.
import type { MetaFunction } from "@remix-run/cloudflare";
import type { ComponentType } from "react";
import { LegalPage } from "~/components/LegalPage";
import { publicPageMeta } from "~/utils/meta";
import { ConditionsText } from "./ConditionsText";
import { OrganiserCharterText } from "./OrganiserCharterText";
import { OrganiserTermsText } from "./OrganiserTermsText";
import { PrivacyText } from "./PrivacyText";
import { RefundPolicyText } from "./RefundPolicyText";

interface LegalPageSpec {
  /** The page's heading; its head's title too, unless `headTitle` says a shorter one. */
  title: string;
  headTitle?: string;
  /** The description search engines and link previews show. */
  description: string;
  Text: ComponentType;
}

const LEGAL_PAGES = {
  conditions: {
    title: "Conditions d'utilisation",
    description: "Les règles d'utilisation de Balise pour les coureurs et les organisateurs.",
    Text: ConditionsText,
  },
  confidentialite: {
    title: "Politique de confidentialité",
    headTitle: "Confidentialité",
    description: "Comment Balise traite vos données personnelles (RGPD).",
    Text: PrivacyText,
  },
  cgvOrganisateurs: {
    title: "Conditions générales de vente organisateurs",
    description: "Rôle de l'organisateur, reversements, commission de la plateforme, fraude et rétrofacturations.",
    Text: OrganiserTermsText,
  },
  remboursements: {
    title: "Politique de remboursement",
    description: "Le barème de remboursement des inscriptions sur Balise, selon le nombre de jours avant l'épreuve.",
    Text: RefundPolicyText,
  },
  charteOrganisateur: {
    title: "Charte organisateur",
    description: "Les engagements des organisateurs qui publient sur Balise.",
    Text: OrganiserCharterText,
  },
} satisfies Record<string, LegalPageSpec>;

type LegalPageName = keyof typeof LEGAL_PAGES;

/** A legal page's head: its title (`… — Balise`) and its description. */
export function legalMeta(name: LegalPageName): MetaFunction {
  const { title, headTitle = title, description }: LegalPageSpec = LEGAL_PAGES[name];
  return () => publicPageMeta(`${headTitle} — Balise`, description);
}

/** A legal page: its text in the legal frame, under its title. */
export function LegalPageOf({ name }: { name: LegalPageName }) {
  const { title, Text } = LEGAL_PAGES[name];
  return (
    <LegalPage title={title}>
      <Text />
    </LegalPage>
  );
}
