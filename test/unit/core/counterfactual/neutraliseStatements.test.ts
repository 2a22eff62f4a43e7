/**
 * Statements, names and links the neutral base must take in the shapes real CVs write them
 * (issue 46), all synthetic: a citizenship in a comma list, a nationality as a bare word, a label
 * with the stray accent PDF extraction leaves, a date of birth in a contact block, a name on the
 * line after its label, and what must stay: languages lists, job dates, years, skills, another
 * person who shares the candidate's first names or a part of a double surname.
 */
import { describe, expect, it } from 'vitest';
import { neutralise } from '../../../../src/core/counterfactual/neutral/neutralise.ts';
import { bareNationality, labelPattern, statementRemovals } from '../../../../src/core/counterfactual/neutral/statements.ts';
import { findName } from '../../../../src/core/counterfactual/findName.ts';

const removed = (text: string) => statementRemovals(text).map((r) => [text.slice(r.start, r.end), r.why, r.uncertain ?? false]);
const base = (text: string, lang: string) => neutralise({ id: 'x', source: 'x.txt', lang, text });
const body = Array.from({ length: 14 }, (_, i) => `Line ${i + 1} of the body`).join('\n');

describe('statementRemovals(text)', () => {
  it('removes a citizenship that opens a comma list, with its comma, and keeps the rest of the line', () => {
    expect(removed('Jane Roe\nUS Citizen, Public Trust Clearance\n')).toEqual([['US Citizen, ', 'nationality', false]]);
  });
  it('never reads a skills or languages list, or a company and city, as a citizenship', () => {
    for (const text of [`${body}\nPython, SQL, Citizen science projects`, 'Jane Roe\nInglés, Francés, Alemán\n', `${body}\nAcme Corp, Springfield`]) expect(removed(text)).toEqual([]);
  });
  it('removes a nationality label with the stray diaeresis of a PDF and a bare nationality after it', () => {
    expect(new RegExp(`^${labelPattern('nationalität')}$`, 'iu').test('Nationalit¨at')).toBe(true);
    expect(new RegExp(`^${labelPattern('nationalität')}$`, 'iu').test('Nationalita\u0308t')).toBe(true);
    expect(removed('Geburtsdatum 01.02.1990\nNationalit¨at deutsch\n\nBerufserfahrung')).toEqual([
      ['Geburtsdatum 01.02.1990\n', 'birth', false], ['Nationalit¨at deutsch\n', 'nationality', false],
    ]);
    expect(removed('Nationality law, 2019')).toEqual([]);
  });
  it('takes a date of birth alone on its line in a contact block wherever it stands, uncertain, not a job date', () => {
    const text = `${body}\nContact\n\n3. März 1985\n\nMusterweg 9, 20095 Hamburg\n\nEXPERIENCE\n1. August 2019\n`;
    expect(removed(text)).toEqual([['3. März 1985\n', 'birth', true]]);
  });
});

describe('bareNationality(text)', () => {
  it('takes a nationality alone on a header line, uncertain', () => {
    // 'Ana Ruiz\n' (9) + 'Valencia, España\n' (17) + '4 Mar, 1995\n' (12): 'Española' starts at 38, its line break ends at 47
    expect(bareNationality('Ana Ruiz\nValencia, España\n4 Mar, 1995\nEspañola\nhttps://example.org')).toMatchObject([{ start: 38, end: 47, why: 'nationality', uncertain: true }]);
  });
  it('never takes a language of a languages list, nor one in the body', () => {
    expect(bareNationality('Ana Ruiz\nIdiomas\nEspañol\nInglés\n')).toEqual([]);
    expect(bareNationality('Ana Ruiz\nLanguages\nFrench\nC1\n')).toEqual([]);
    expect(bareNationality(`${body}\nFrançaise\n`)).toEqual([]);
  });
});

describe('neutralise(doc): names (issue 46)', () => {
  it('findName takes a one-word name on the line after a Name label in a personal-details block, and removes it everywhere', () => {
    const text = `Lebenslauf\nKonrad\n2021-05-14\n\n${body}\n\nPersönliche Daten\n\nName\n    Konrad\n\nGeburtsdatum/-ort\n    02.03.1984, Musterstadt\n`;
    expect(findName({ id: 'x', source: 'x.txt', text })).toMatchObject({ full: 'Konrad', source: 'field' });
    expect(base(text, 'de').text).not.toContain('Konrad');
  });
  it('findName never takes a name from a referees\' table in the body', () => {
    expect(findName({ id: 'x', source: 'x.txt', text: `Curriculum vitae\n${body}\nReferences\nName\n    Tom Berg\n` })).toBeUndefined();
  });
  it('keeps another person who shares the candidate\'s first names, or a part of the candidate\'s double surname', () => {
    const text = 'José Luis Pardo Soler\njlps@example.org\n\nPublications\n\n3. Pardo-Soler, D., José Luis Ortega-Vidal, & Gómez, G. (2015). Ríos.\n4. Pardo Soler, J. L. (2016). Suelos.\n';
    const out = base(text, 'es').text;
    expect(out).toContain('Pardo-Soler, D., José Luis Ortega-Vidal');
    expect(out).toContain('4. The candidate');
  });
});
