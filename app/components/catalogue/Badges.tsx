import { BADGE_LABELS, type BadgeCode } from "~/domain/catalogue";

/** Course badges (Bientôt, Repas, Complet, Nouveau, Hors-ligne), computed by the domain rules. */
export function Badges({ codes }: { codes: readonly BadgeCode[] }) {
  if (codes.length === 0) return null;
  return (
    <ul className="badges" aria-label="Badges">
      {codes.map((c) => (
        <li key={c} className={`badge badge-${c}`}>
          {BADGE_LABELS[c]}
        </li>
      ))}
    </ul>
  );
}
