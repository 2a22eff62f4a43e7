/**
 * What a CV's neutral base found of the candidate's identity, by kind, for the reviewer (issue 46:
 * "each CV shows the spans found by kind, with a count — name ✓, e-mail ✓, phone ✓, address ?").
 * Read off the base's edits (neutralise.ts records why each was made and whether it is unsure), so
 * the table shows exactly what the base removed or rewrote.
 */
import type { Edit, EditReason } from './edit.ts';

/** The kinds a reviewer checks, in the order they are shown. */
export const FINDING_KINDS = Object.freeze(['name', 'e-mail', 'phone', 'address', 'link', 'statement', 'pronoun'] as const);
export type FindingKind = (typeof FINDING_KINDS)[number];

const KIND_OF: Readonly<Record<EditReason, FindingKind | undefined>> = Object.freeze({
  name: 'name',
  title: 'name',
  email: 'e-mail',
  phone: 'phone',
  address: 'address',
  'profile-link': 'link',
  contact: 'link',
  gender: 'statement',
  age: 'statement',
  birth: 'statement',
  'marital-status': 'statement',
  nationality: 'statement',
  pronoun: 'pronoun',
  'verb-agreement': undefined,
  'gendered-word': 'pronoun',
});

/** One kind: how many spans of it the base removed or rewrote, and how many of those are marked unsure. */
export interface IdentityFinding {
  readonly kind: FindingKind;
  readonly found: number;
  readonly unsure: number;
}

/**
 * The findings of a neutral base's edits: the name always (found 0 when none was), every other
 * kind when the base touched it.
 * @example identityFindings([{ offset: 0, before: 'Ana Ruiz', after: '', why: 'name' }, { offset: 9, before: 'ana@x.es', after: '', why: 'email' }]) // [{ kind: 'name', found: 1, unsure: 0 }, { kind: 'e-mail', found: 1, unsure: 0 }]
 */
export function identityFindings(edits: readonly Edit[]): IdentityFinding[] {
  const found = new Map<FindingKind, { found: number; unsure: number }>();
  for (const e of edits) {
    const kind = e.why === undefined ? undefined : KIND_OF[e.why];
    if (kind === undefined) continue;
    const f = found.get(kind) ?? { found: 0, unsure: 0 };
    f.found++;
    if (e.uncertain) f.unsure++;
    found.set(kind, f);
  }
  return FINDING_KINDS.filter((k) => k === 'name' || found.has(k)).map((kind) => ({ kind, found: found.get(kind)?.found ?? 0, unsure: found.get(kind)?.unsure ?? 0 }));
}

/**
 * The findings in words: ✓ found, ? found with some unsure (to check), ✗ no name found.
 * @example findingsText([{ kind: 'name', found: 2, unsure: 0 }, { kind: 'address', found: 1, unsure: 1 }]) // 'name ✓ 2, address ? (to check)'
 */
export function findingsText(findings: readonly IdentityFinding[]): string {
  return findings
    .map((f) => {
      if (f.found === 0) return `${f.kind} ✗ not found`;
      if (f.unsure === 0) return `${f.kind} ✓${f.found > 1 ? ` ${f.found}` : ''}`;
      return `${f.kind} ? (${f.found > 1 ? `${f.unsure} of ${f.found}` : ''} to check)`.replace('( to', '(to');
    })
    .join(', ');
}
