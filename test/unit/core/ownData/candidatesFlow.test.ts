/**
 * The pieces of "Your candidates" that issue 30 found traps in, worked out by hand: imports that
 * add up (ids already there named, kept, replaced or renamed), a natural order (2 before 10), the
 * documents table, a mapping that fits the file, and what each audit will use.
 */
import { describe, expect, it } from 'vitest';
import type { ImportedDocument } from '../../../../src/core/documents/candidateDocument.ts';
import { fitMapping, mappingProblems, tableSample } from '../../../../src/core/documents/mappingFit.ts';
import { generateVariants } from '../../../../src/core/counterfactual/generate.ts';
import { documentRows, heldCvs } from '../../../../src/core/ownData/documentRows.ts';
import { findingsText } from '../../../../src/core/counterfactual/identityFindings.ts';
import { clashingIds, idClashText, mergeDocuments, naturalCompare } from '../../../../src/core/ownData/mergeDocuments.ts';
import { screeningUse, twinsUse } from '../../../../src/core/ownData/auditUse.ts';

const doc = (id: string, text = `text of ${id}`, extra: Partial<ImportedDocument> = {}): ImportedDocument => ({ id, text, source: `${id}.txt`, lang: 'en', ...extra });

describe('idClashText(side, clashing, incoming): the verb agrees with the count (issue 48)', () => {
  it('1 of 3 has, 2 of 3 have; one new document alone, both, all', () => {
    expect(idClashText('cvs', 1, 3)).toBe('1 of the 3 new CVs has an id the draft already has');
    expect(idClashText('cvs', 2, 3)).toBe('2 of the 3 new CVs have ids the draft already has');
    expect(idClashText('cvs', 1, 1)).toBe('The new CV has an id the draft already has');
    expect(idClashText('jobs', 2, 2)).toBe('Both new job posts have ids the draft already has');
    expect(idClashText('jobs', 4, 4)).toBe('All 4 new job posts have ids the draft already has');
  });
});

describe('mergeDocuments(existing, incoming, clash)', () => {
  const there = [doc('1'), doc('2')];
  const incoming = [doc('2', 'new two'), doc('3')];
  it('adds what is new, and names the ids already there', () => {
    expect(clashingIds(there, incoming)).toEqual(['2']);
    expect(mergeDocuments(there, [doc('3')], 'keep').documents.map((d) => d.id)).toEqual(['1', '2', '3']);
  });
  it('keeps, replaces in place, or renames to the first free suffix', () => {
    const keep = mergeDocuments(there, incoming, 'keep');
    expect([keep.documents.map((d) => d.text), keep.kept]).toEqual([['text of 1', 'text of 2', 'text of 3'], ['2']]);
    const replace = mergeDocuments(there, incoming, 'replace');
    expect([replace.documents.map((d) => d.text), replace.replaced]).toEqual([['text of 1', 'new two', 'text of 3'], ['2']]);
    const rename = mergeDocuments([...there, doc('2-2')], incoming, 'rename');
    expect([rename.documents.map((d) => d.id), rename.renamed, rename.added]).toEqual([['1', '2', '2-2', '2-3', '3'], [['2', '2-3']], 2]);
  });
  it('naturalCompare puts 2 before 10, and letters after digits as code units do', () => {
    expect(['10', '2', '1', 'cv10', 'cv9', 'a'].sort(naturalCompare)).toEqual(['1', '2', '10', 'a', 'cv9', 'cv10']);
  });
});

describe('documentRows(cvs, jobs, variants, notMade)', () => {
  it('counts each CV\'s variants and marked edits, says where its name came from, and lists why variants were not made', () => {
    const cvs = [doc('a', 'Maria Garcia\nShe leads a team.'), doc('b', 'Java developer\nI build services.', { lang: 'sv' }), doc('c', 'Nurse.', { name: 'Bill', nameGiven: true })];
    const { variants, notMade } = generateVariants(cvs, { kinds: ['explicit', 'gender'], seed: 1, attributes: ['gender'] });
    const rows = documentRows(cvs, [doc('job')], variants, notMade);
    expect(rows.map((r) => [r.side, r.id, r.name?.source, r.variants, r.warnings])).toEqual([
      ['cvs', 'a', 'first-line', 3, []],
      ['cvs', 'b', undefined, 2, ['gender: no gender lexicon for language "sv"']],
      ['cvs', 'c', 'given', 2, ["gender: cannot tell the text's grammatical gender"]],
      ['jobs', 'job', undefined, 0, []],
    ]);
    expect(rows[0].chars).toBe('Maria Garcia\nShe leads a team.'.length);
  });
});

describe('documentRows: what each neutral base found, and the CVs that wait for a name (issue 46)', () => {
  it('shows the kinds found in words, and holds a CV with no name found until it is given or said to name no one', () => {
    const cvs = [
      doc('a', 'Maria Garcia\nmaria.garcia@example.org\nShe leads a team.', { lang: 'en' }),
      doc('b', 'Java developer. I build services in Kotlin and Java since 2015.'),
      doc('c', 'Java developer. I build services in Kotlin and Java since 2015.', { nameless: true }),
    ];
    const { variants, notMade } = generateVariants(cvs, { kinds: ['explicit'], seed: 1, attributes: ['gender'], neutralise: true });
    const rows = documentRows(cvs, [], variants, notMade);
    expect(findingsText(rows[0].found ?? [])).toMatch(/^name ✓.*e-mail ✓/);
    expect(findingsText(rows[1].found ?? [])).toBe('name ✗ not found');
    expect(rows.map((r) => r.nameMissing)).toEqual([false, true, false]);
    expect(heldCvs(rows)).toEqual(new Set(['b']));
  });
});

describe('a mapping that fits the file', () => {
  const csv = new TextEncoder().encode('id,name,text,category\n1,Ann,Nurse in Utrecht for ten years,health\n2,Bo,Welder,industry\n');
  it('shows the first rows, and cuts a job-post mapping to job fields', () => {
    const sample = tableSample(csv, 'cvs.csv');
    expect(sample).toEqual({ headers: ['id', 'name', 'text', 'category'], rows: [['1', 'Ann', 'Nurse in Utrecht for ten years', 'health'], ['2', 'Bo', 'Welder', 'industry']] });
    expect(fitMapping({ id: 'id', text: 'text', name: 'name', label: 'category' }, 'jobs')).toEqual({ id: 'id', text: 'text' });
  });
  it('catches a text column of short values, a field the side has not, a column mapped twice', () => {
    const sample = tableSample(csv, 'cvs.csv');
    expect(mappingProblems({ id: 'id', text: 'text' }, sample, 'cvs')).toEqual([]);
    expect(mappingProblems({ text: 'name' }, sample, 'cvs')).toEqual(['the text column "name" holds short values ("Ann", "Bo"): is it the text?']);
    expect(mappingProblems({ text: 'text', name: 'name' }, sample, 'jobs')).toEqual(['a job post has no name: leave it unmapped']);
    expect(mappingProblems({ text: 'text', title: 'text' }, sample, 'jobs')).toEqual(['the column "text" is mapped to two fields']);
    expect(mappingProblems(undefined, sample, 'cvs')).toEqual(['choose the column that holds the text']);
  });
});

describe('what each audit will use', () => {
  it('screening: the variants by kind, compared with the neutral base; twins: the twins of the chosen tasks', () => {
    const generation = { seed: 1, kinds: [], generated: 0, accepted: 0, rejected: 0, edited: 0, pending: 0, not_made: 0, variants_by_kind: { names: 24, explicit: 83, noise: 30, gender: 4 },
      settings: { neutralise: true, names: 'insert' as const, names_per_group: 2, attributes: [], gender_names_ethnicity: 'white', other_names_gender: 'seeded' as const, name_lists: [] } };
    expect(screeningUse({ recordsByShard: { variants: 137 }, generation })).toBe("Screening: 24 name variants, 83 explicit lines, noise floor 30, each compared with its CV's neutral base.");
    expect(screeningUse({ recordsByShard: { variants: 137 } })).toBe('Screening: 137 variants (name, explicit and noise-floor), each compared with its CV.');
    expect(twinsUse({ recordsByShard: { twins: 4, 'twins-x': 7 } }, ['twins'])).toBe('Twins: 4 gender twins.');
    expect(twinsUse({ recordsByShard: {} }, [])).toMatch(/^Twins: none/);
  });
});
