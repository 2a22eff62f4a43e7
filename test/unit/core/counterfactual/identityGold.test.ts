/**
 * The identity gold set (test/fixtures/identity-gold, issue 46) against the real CVs of
 * ../shared/external/real-cv-documents: every fixture's text SHA-256 and every span's SHA-256
 * match the text extracted now (so a change of pdfText.ts, docxText.ts or the importer's
 * normalisation shows here, before the measurement's offsets silently point elsewhere), and every
 * kind is one the guideline (docs/counterfactuals.md) defines. No string of a CV is in this test.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CUE_KINDS, IDENTITY_KINDS, KEEP_KINDS, readGoldSet } from '../../../../scripts/identity/goldSet.ts';
import { CV_LANGS, cvLang, extractCvText, REAL_CVS } from '../../../../scripts/identity/extract.ts';
import { sharedExternal } from '../../../sharedExternal.ts';

const SPANS = 'every gold span of the identity gold set still has its SHA-256 in the text extracted from its CV';
const cvs = sharedExternal(REAL_CVS, [SPANS]);
const gold = readGoldSet();
const hash = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('identity gold set', () => {
  it('readGoldSet() holds at least 30 CVs, every language, only the kinds the guideline defines', () => {
    expect(gold.length).toBeGreaterThanOrEqual(30);
    expect(new Set(gold.map((g) => cvLang(g.file)))).toEqual(new Set(CV_LANGS));
    for (const g of gold) {
      for (const s of g.identity) expect(IDENTITY_KINDS, g.file).toContain(s.kind);
      for (const s of g.keep) expect(KEEP_KINDS, g.file).toContain(s.kind);
      for (const s of g.refereePronouns) expect(s.kind, g.file).toBe('pronoun');
      for (const s of g.candidateCues) {
        expect(CUE_KINDS, g.file).toContain(s.kind);
        expect(['f', 'm'], g.file).toContain(s.gender);
      }
      for (const s of [...g.identity, ...g.keep, ...g.refereePronouns, ...g.candidateCues]) {
        expect(s.start >= 0 && s.start < s.end && s.end <= g.textLength, `${g.file} ${s.kind} ${s.start}`).toBe(true);
        expect(s.sha256, g.file).toMatch(/^[0-9a-f]{64}$/u);
      }
      // identity spans never overlap one another
      const ids = [...g.identity].sort((a, b) => a.start - b.start);
      for (let i = 1; i < ids.length; i++) expect(ids[i].start >= ids[i - 1].end, `${g.file} at ${ids[i].start}`).toBe(true);
    }
  });

  it.skipIf(cvs.skip !== false)(SPANS, async () => {
    const wrong: string[] = [];
    for (const g of gold) {
      const text = await extractCvText(cvs.path(g.file));
      if (hash(text) !== g.textSha256 || text.length !== g.textLength) wrong.push(`${g.file}: the extracted text changed`);
      for (const s of [...g.identity, ...g.keep, ...g.refereePronouns, ...g.candidateCues]) {
        if (hash(text.slice(s.start, s.end)) !== s.sha256) wrong.push(`${g.file}: ${s.kind} at ${s.start}–${s.end}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
