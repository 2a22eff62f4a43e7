/**
 * Issue 46, part B: twinCoherence(original, twin, lang, options) alone, then as the gate of
 * genderTwinOfCandidate. Synthetic CVs of the shapes that failed on real ones; every expected
 * leftover worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLED_NAME_LISTS } from '../../../../src/core/counterfactual/bundledNameLists.ts';
import { describeLeftovers, twinCoherence } from '../../../../src/core/counterfactual/coherence/twinCoherence.ts';
import type { CandidateDocument } from '../../../../src/core/counterfactual/document.ts';
import { applyEdits } from '../../../../src/core/counterfactual/edit.ts';
import type { FoundName } from '../../../../src/core/counterfactual/findName.ts';
import { genderTwin } from '../../../../src/core/counterfactual/gender/genderTwin.ts';
import { genderTwinOfCandidate } from '../../../../src/core/counterfactual/twinOfCandidate.ts';
import { generateVariants } from '../../../../src/core/counterfactual/generate.ts';
import type { Variant } from '../../../../src/core/counterfactual/variant.ts';

const OKAFOR: FoundName = { full: 'Chidi Okafor', first: 'Chidi', last: 'Okafor', source: 'mapped' };
const cues = (original: string, twin: string, lang: string, from: 'female' | 'male', name?: FoundName, newFirst?: string) =>
  twinCoherence(original, twin, lang, { from, ...(name ? { name } : {}), ...(newFirst ? { newName: { first: newFirst } } : {}) }).map((l) => [l.kind, l.cue, l.line]);

describe('twinCoherence(original, twin, lang, options)', () => {
  it("finds a title left before the candidate's name beside a flipped pronoun", () => {
    const original = 'Chidi Okafor\nTo whom it may concern: Mr. Okafor joined us in 2019. He had assisted me daily.';
    const twin = 'Emma Okafor\nTo whom it may concern: Mr. Okafor joined us in 2019. She had assisted me daily.';
    expect(cues(original, twin, 'en', 'male', OKAFOR, 'Emma')).toEqual([['title', 'Mr', 2]]);
    // a new first name of the source gender is a leftover too
    expect(cues(original, twin.replace('Emma', 'Adam'), 'en', 'male', OKAFOR, 'Adam')).toEqual([['name', 'Adam', 1], ['title', 'Mr', 2]]);
  });

  it('finds the original first name in capitals, a role noun and the status words of the source gender (es)', () => {
    const name: FoundName = { full: 'Lucía Quispe', first: 'Lucía', last: 'Quispe', source: 'first-line' };
    const twin = 'LUCÍA QUISPE\nConsultora de proyectos\nESTADO CIVIL: Soltera | NACIONALIDAD: peruana';
    expect(cues(twin, twin, 'es', 'female', name, 'Pedro')).toEqual([['name', 'LUCÍA', 1], ['word', 'Consultora', 2], ['word', 'Soltera', 3], ['word', 'peruana', 3]]);
  });

  it('a first name of the source gender in the header counts when no name was found', () => {
    expect(cues('x', 'JUAN RAMOS\nVoluntario', 'es', 'male')).toEqual([['name', 'JUAN', 1], ['word', 'Voluntario', 2]]);
  });

  it("leaves someone else's pronoun and title, and every word of a reference block", () => {
    const twin = 'Emma Okafor\nShe led the team.\nReferences\nMr. Tom Berg, my manager. He praised the consultora.';
    expect(cues(twin, twin, 'en', 'male', OKAFOR, 'Emma')).toEqual([]);
  });

  it('a pronoun that may be the candidate\'s (someone else named, no name known) counts', () => {
    const twin = 'Curriculum vitae\nData engineer\nSkills: SQL\nReported to Mr. Brown for two years. Later he led the migration.';
    expect(cues(twin, twin, 'en', 'male')).toEqual([['pronoun', 'he', 4]]);
    // in the header, with no name known, the title may be the candidate's
    expect(cues(twin, twin.slice(17), 'en', 'male')).toEqual([['title', 'Mr', 3], ['pronoun', 'he', 3]]);
  });

  it('a coherent twin has none, and describeLeftovers says which cue and where', () => {
    expect(cues('He leads.', 'She leads.', 'en', 'male')).toEqual([]);
    const l = twinCoherence('', 'Il est consultant.', 'fr', { from: 'male' });
    expect(describeLeftovers(l)).toBe('a cue of the original gender would stay: "Il" (line 1: the candidate\'s pronoun (a third-person CV: the candidate)); "consultant" (line 1: a gendered word outside a reference or quotation)');
  });
});

describe('genderTwin: titles, status words (the cues real CVs carry)', () => {
  const twin = (text: string, lang: string, from: 'female' | 'male') => {
    const r = genderTwin(text, lang, from, from === 'male' ? 'female' : 'male');
    if ('text' in r) expect(applyEdits(text, r.edits)).toBe(r.text);
    return 'text' in r ? r.text : r.reason;
  };
  it('flips civil status, sex and nationality after their label, a civil status alone in its segment, in any case', () => {
    expect(twin('ESTADO CIVIL: Soltero, NACIONALIDAD: peruano', 'es', 'male')).toBe('ESTADO CIVIL: Soltera, NACIONALIDAD: peruana');
    expect(twin('Lima | Casada | Sexo: Femenino', 'es', 'female')).toBe('Lima | Casado | Sexo: Masculino');
    expect(twin('Né le 3 mars 1990\nNationalité : français | Marié', 'fr', 'male')).toBe('Née le 3 mars 1990\nNationalité : française | Mariée');
  });
  it('leaves a nationality word outside its field: a language is not a nationality', () => {
    expect(twin('Idiomas: Inglés, Español', 'es', 'male')).toBe('nothing gendered to change');
  });
  it('flips titles written as titles before a name: Sr./Sra., M./Mme, Dhr./Mevr., MR. in capitals; not MS Office or als Frau in', () => {
    expect(twin('Referencia: Sra. Rojas', 'es', 'female')).toBe('Referencia: Sr. Rojas');
    expect(twin('M. Durand, Mme Petit', 'fr', 'male')).toBe('Mme Durand, Mme Petit');
    expect(twin('Mme Durand, M. Petit', 'fr', 'female')).toBe('M. Durand, M. Petit');
    expect(twin('Dhr. Bakker', 'nl', 'male')).toBe('Mevr. Bakker');
    expect(twin('MR. OKAFOR uses MS Office', 'en', 'male')).toBe('MS. OKAFOR uses MS Office');
    expect(twin('Erfahrung als Frau in der Technik', 'de', 'female')).toBe('nothing gendered to change');
  });
});

describe('genderTwinOfCandidate: the gate', () => {
  const doc = (text: string, lang: string, extra: Partial<CandidateDocument> = {}): CandidateDocument => ({ id: 'cv', source: 'cv.txt', text, lang, ...extra });

  it('flips every cue of a Spanish header: name in capitals, role nouns, civil status, nationality', () => {
    const text = 'LUCÍA QUISPE\nConsultora y Voluntaria\nESTADO CIVIL: Soltera | NACIONALIDAD: peruana\nSoy una consultora organizada.';
    const r = genderTwinOfCandidate(doc(text, 'es', { name: 'Lucía Quispe' }), BUNDLED_NAME_LISTS, 1) as Variant;
    expect(r.text).toBeDefined();
    const first = r.name!.split(' ')[0];
    expect(r.text).toBe(`${first.toUpperCase()} QUISPE\nConsultor y Voluntario\nESTADO CIVIL: Soltero | NACIONALIDAD: peruano\nSoy un consultor organizado.`);
  });

  it('is not made when a cue of the candidate would stay, and says which and where', () => {
    // no name found: "Mr. Brown" may be the candidate, so his pronoun stays in the twin
    const r = genderTwinOfCandidate(doc('Curriculum vitae\nData engineer\nSkills: SQL\nReported to Mr. Brown for two years. Later he led the migration. He mentors.', 'en', { group: 'male' }), BUNDLED_NAME_LISTS, 1);
    expect(r).toEqual({ of: 'cv', kind: 'gender', group: 'female', reason: expect.stringMatching(/^a cue of the original gender would stay: "he" \(line 4: may be the candidate's/u) });
  });

  it('generateVariants reports the twin it did not make in notMade', () => {
    const { variants, notMade } = generateVariants([doc('Curriculum vitae\nData engineer\nSkills: SQL\nReported to Mr. Brown for two years. Later he led the migration.', 'en', { group: 'male' })], { kinds: ['gender'], seed: 1 });
    expect(variants).toEqual([]);
    expect(notMade.map((n) => [n.kind, n.group])).toEqual([['gender', 'female']]);
  });
});

describe('genderTwinOfCandidate: words of an institution’s name are not the candidate’s (issue 46)', () => {
  it('reads the source gender off the candidate’s words, not off “Universidad Autónoma”, and leaves the names as written', () => {
    // Four feminine words in names against two of the candidate's: read naively, the CV is a woman's.
    const text = 'Profesor en la Universidad Autónoma, la Escuela Técnica Superior, la Sociedad Científica y la Academia Física.\nIngeniero geógrafo.';
    const twin = genderTwinOfCandidate({ id: 'cv', source: 'cv.txt', lang: 'es', text }, BUNDLED_NAME_LISTS, 1);
    expect('text' in twin && twin.text).toBe('Profesora en la Universidad Autónoma, la Escuela Técnica Superior, la Sociedad Científica y la Academia Física.\nIngeniera geógrafa.');
    expect(twin.group).toBe('female');
  });
});
