/**
 * The documents table of "Your candidates": one row per CV and job post, with what a reviewer
 * checks before an audit — its file, language, whether a candidate's name was found (or given),
 * its length, how many variants were made of it, and why any could not be.
 */
import type { ImportedDocument } from '../documents/candidateDocument.ts';
import { findName } from '../counterfactual/findName.ts';
import type { NotMade, Variant } from '../counterfactual/variant.ts';
import { identityFindings, type IdentityFinding } from '../counterfactual/identityFindings.ts';

export interface DocumentRow {
  readonly side: 'cvs' | 'jobs';
  readonly id: string;
  /** The file (and row) it came from. */
  readonly file: string;
  readonly lang?: string;
  /** The candidate's name and where it came from (`given`: typed by the user as the name used in the original); CVs only. */
  readonly name?: { readonly value: string; readonly source: 'mapped' | 'field' | 'first-line' | 'given' };
  readonly chars: number;
  /** Variants made of it (its neutral base not counted); 0 for a job post. */
  readonly variants: number;
  /** Edits of its neutral base marked for review. */
  readonly uncertain: number;
  /** Why variants of it could not be made, each reason once with how many. */
  readonly warnings: readonly string[];
  /** What its neutral base found of the candidate's identity, by kind (CVs with a base only). */
  readonly found?: readonly IdentityFinding[];
  /**
   * No name was found in it, none was given, and the reviewer has not said it names no one: its
   * variants wait (heldCvs) — a name variant of a CV whose name was missed carries two names.
   */
  readonly nameMissing: boolean;
}

/**
 * The CVs whose variants wait for a name: no name found or given, not marked as naming no one.
 * @example heldCvs(rows) // Set {'cv-7'}
 */
export function heldCvs(rows: readonly DocumentRow[]): Set<string> {
  return new Set(rows.filter((r) => r.side === 'cvs' && r.nameMissing).map((r) => r.id));
}

/**
 * The rows, CVs first then job posts, in draft order.
 * @example documentRows([cv], [job], variants, notMade)[0] // { side: 'cvs', id: 'cv1', name: { value: 'Maria Garcia', source: 'first-line' }, variants: 37, … }
 */
export function documentRows(cvs: readonly ImportedDocument[], jobs: readonly ImportedDocument[], variants: readonly Variant[], notMade: readonly NotMade[]): DocumentRow[] {
  const made = new Map<string, number>();
  const uncertain = new Map<string, number>();
  const bases = new Map<string, Variant>();
  for (const v of variants) {
    if (v.kind === 'neutral') {
      uncertain.set(v.of, v.edits.filter((e) => e.uncertain).length);
      bases.set(v.of, v);
    }
    else made.set(v.of, (made.get(v.of) ?? 0) + 1);
  }
  const reasons = new Map<string, Map<string, number>>();
  for (const n of notMade) {
    const byReason = reasons.get(n.of) ?? new Map<string, number>();
    const key = `${n.kind}: ${n.reason}`;
    byReason.set(key, (byReason.get(key) ?? 0) + 1);
    reasons.set(n.of, byReason);
  }
  const cvRows = cvs.map((d): DocumentRow => {
    const found = findName(d);
    const base = bases.get(d.id);
    const warnings = [...(reasons.get(d.id) ?? new Map<string, number>())].map(([r, n]) => (n > 1 ? `${r} (×${n})` : r));
    return {
      side: 'cvs', id: d.id, file: d.source, ...(d.lang ? { lang: d.lang } : {}), chars: d.text.length,
      ...(found ? { name: { value: found.full, source: found.source === 'mapped' && d.nameGiven ? 'given' : found.source } } : {}),
      variants: made.get(d.id) ?? 0, uncertain: uncertain.get(d.id) ?? 0, warnings,
      ...(base ? { found: identityFindings(base.edits) } : {}),
      nameMissing: !found && !d.nameless,
    };
  });
  const jobRows = jobs.map((d): DocumentRow => ({ side: 'jobs', id: d.id, file: d.source, ...(d.lang ? { lang: d.lang } : {}), chars: d.text.length, variants: 0, uncertain: 0, warnings: [], nameMissing: false }));
  return [...cvRows, ...jobRows];
}
