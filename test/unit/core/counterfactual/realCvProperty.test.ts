/**
 * The neutral base of every real CV of ../shared/external/real-cv-documents (issue 46): the base
 * equals the original with only its identity edits applied. Every edit sits at its offset
 * (`before` is the original's text there), no two overlap, and the text between them is the
 * original's, untouched; each edit is one of three shapes:
 *
 * - a deletion (`after` empty or only white space and separators) whose `why` is an identity kind;
 * - a pronoun, verb-agreement or gendered-word edit (the candidate made neutral, or flagged);
 * - the candidate's name (`why: 'name'`) replaced by "the candidate".
 *
 * For the CVs of the identity gold set, no changing edit touches one of its `keep` spans. No
 * string of a CV is in this test; a failure names the file, the offset and the edit's `why` only.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import type { Edit } from '../../../../src/core/counterfactual/edit.ts';
import { neutralise } from '../../../../src/core/counterfactual/neutral/neutralise.ts';
import { readGoldSet } from '../../../../scripts/identity/goldSet.ts';
import { cvLang, extractCvText, REAL_CVS } from '../../../../scripts/identity/extract.ts';
import { sharedExternal } from '../../../sharedExternal.ts';

const PROPERTY = 'the neutral base of every real CV is the original with only its identity edits applied, no keep span touched';
const cvs = sharedExternal(REAL_CVS, [PROPERTY]);

/** Reasons of identity deletions: the kinds the gold set scores (scripts/identity/measure.ts KIND_OF_WHY). */
const IDENTITY_WHY: ReadonlySet<string> = new Set(['name', 'title', 'email', 'phone', 'address', 'profile-link', 'contact', 'gender', 'age', 'birth', 'marital-status', 'nationality']);
const REWRITE_WHY: ReadonlySet<string> = new Set(['pronoun', 'verb-agreement', 'gendered-word']);
/** What a deletion may leave: white space and the separators a removed field stood between. */
const SEPARATORS_ONLY = /^[\s|•·;,:/–—-]*$/u;

/** Why `e` is not one of the three allowed shapes, or undefined when it is. */
export function wrongShape(original: string, e: Edit): string | undefined {
  if (original.slice(e.offset, e.offset + e.before.length) !== e.before) return 'before is not the original text at its offset';
  if (e.why !== undefined && REWRITE_WHY.has(e.why)) return undefined;
  if (e.why === 'name' && /^the candidate$/iu.test(e.after)) return undefined;
  if (e.why !== undefined && IDENTITY_WHY.has(e.why) && SEPARATORS_ONLY.test(e.after)) return undefined;
  return `a ${e.why ?? 'reasonless'} edit of another shape`;
}

describe('neutralise(doc) on every real CV (issue 46)', () => {
  it('wrongShape(original, edit) accepts identity deletions, neutral rewrites and the name placeholder, nothing else (synthetic)', () => {
    const original = 'Jane Roe | jane@x.org\nShe is a chairman.';
    expect(wrongShape(original, { offset: 0, before: 'Jane Roe | ', after: '', why: 'name' })).toBeUndefined();
    expect(wrongShape(original, { offset: 11, before: 'jane@x.org', after: ' ', why: 'email' })).toBeUndefined();
    expect(wrongShape(original, { offset: 22, before: 'She is', after: 'They are', why: 'verb-agreement' })).toBeUndefined();
    expect(wrongShape(original, { offset: 0, before: 'Jane Roe', after: 'The candidate', why: 'name' })).toBeUndefined();
    expect(wrongShape(original, { offset: 11, before: 'jane@x.org', after: 'someone', why: 'email' })).toBe('a email edit of another shape');
    expect(wrongShape(original, { offset: 0, before: 'Jane Roe', after: 'Ana Ruiz', why: 'name' })).toBe('a name edit of another shape');
    expect(wrongShape(original, { offset: 0, before: 'Jane', after: '', why: undefined })).toBe('a reasonless edit of another shape');
    expect(wrongShape(original, { offset: 1, before: 'Jane', after: '', why: 'name' })).toBe('before is not the original text at its offset');
  });

  it.skipIf(cvs.skip !== false)(PROPERTY, async () => {
    const files = readdirSync(cvs.dir).filter((f) => /^\d+-[a-z]{2}-[a-z]+\.[a-z]+$/u.test(f)).sort();
    const gold = new Map(readGoldSet().map((g) => [g.file, g]));
    expect(files.length).toBeGreaterThanOrEqual(gold.size);
    const wrong: string[] = [];
    for (const file of files) {
      const text = await extractCvText(cvs.path(file));
      const base = neutralise({ id: file.replace(/\.[a-z]+$/u, ''), source: file, text, lang: cvLang(file) });
      // the base rebuilt from the original's text between the edits and the edits' `after`
      let rebuilt = '';
      let at = 0;
      for (const e of base.edits) {
        if (e.offset < at) wrong.push(`${file}: edits overlap at ${e.offset}`);
        const shape = wrongShape(text, e);
        if (shape) wrong.push(`${file} at ${e.offset}: ${shape}`);
        rebuilt += text.slice(at, e.offset) + e.after;
        at = Math.max(at, e.offset + e.before.length);
      }
      rebuilt += text.slice(at);
      if (rebuilt !== base.text) wrong.push(`${file}: the base is not the original with its edits applied`);
      const keep = gold.get(file)?.keep ?? [];
      for (const s of keep) {
        const touching = base.edits.filter((e) => e.after !== e.before && e.offset < s.end && s.start < e.offset + Math.max(e.before.length, 1));
        for (const e of touching) wrong.push(`${file}: keep ${s.kind} at ${s.start} touched by a ${e.why} edit at ${e.offset}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
