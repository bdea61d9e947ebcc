// The organiser's results page's data types (its loader's).
import type { LineIssue, DraftLine } from "~/domain/results-import";

export interface Draft {
  version: number;
  fichier: string | null;
  counts: { lignes: number; classes: number; dnf: number; dns: number; dsq: number };
  errors: LineIssue[];
  warnings: LineIssue[];
  warningCount: number;
  lines: DraftLine[];
}
