import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../../src/core/counterfactual/edit.ts';
import { findName, type FoundName } from '../../../../src/core/counterfactual/findName.ts';
import { swapName } from '../../../../src/core/counterfactual/swapName.ts';
import { swapEmailLocal } from '../../../../src/core/counterfactual/emailLocal.ts';

const doc = (text: string, name?: string) => ({ id: 'd', source: 'd.txt', text, ...(name === undefined ? {} : { name }) });
const MARIA: FoundName = { full: 'Maria Garcia', first: 'Maria', last: 'Garcia', source: 'mapped' };

describe('findName(doc)', () => {
  it('takes the mapped name first, its spaces collapsed', () => {
    expect(findName(doc('Name: Other Person', '  Maria   Garcia '))).toEqual(MARIA);
    expect(findName(doc('text', 'Elaine'))).toEqual({ full: 'Elaine', first: 'Elaine', source: 'mapped' });
  });
  it('reads a Name:, Nom:, Nombre: or Naam: field line, any case', () => {
    expect(findName(doc('Summary\nName: Aisha Williams\nSkills'))).toEqual({ full: 'Aisha Williams', first: 'Aisha', last: 'Williams', source: 'field' });
    expect(findName(doc('NOM : Jean Dupont'))).toEqual({ full: 'Jean Dupont', first: 'Jean', last: 'Dupont', source: 'field' });
    expect(findName(doc('nombre: María José López'))).toEqual({ full: 'María José López', first: 'María', last: 'López', source: 'field' });
    expect(findName(doc('Naam: Jan de Vries'))).toEqual({ full: 'Jan de Vries', first: 'Jan', last: 'Vries', source: 'field' });
  });
  it('takes a first line that looks like a person\'s name', () => {
    expect(findName(doc('\n  Maria Garcia\nSoftware Engineer'))).toEqual({ ...MARIA, source: 'first-line' });
    expect(findName(doc('MARIA GARCIA\nx'))).toEqual({ full: 'MARIA GARCIA', first: 'MARIA', last: 'GARCIA', source: 'first-line' });
  });
  it('finds none in a title, a heading, a line with digits, lower case or one word', () => {
    for (const t of ['Curriculum Vitae', 'Data Analyst 2024', 'maria garcia', 'Maria', 'Assistant Store Manager', 'Software Engineer\nMachine Learning']) {
      expect(findName(doc(t))).toBeUndefined();
    }
    // issue 46: a name under a title line is found (a known first name), marked unsure; it was undefined
    expect(findName(doc('Software Engineer\nMaria Garcia'))).toEqual({ ...MARIA, source: 'first-line', unsure: true });
    // and a known first name starts a name on a line with other fields (it was undefined with digits on the line)
    expect(findName(doc('John Smith 2024'))).toMatchObject({ full: 'John Smith', source: 'first-line' });
  });
});

describe('swapName(text, from, to)', () => {
  it('replaces the full name, the first and last alone, possessives, case, handles and e-mails', () => {
    const text = "Maria Garcia\nmaria.garcia@x.com | linkedin.com/in/maria-garcia\nMARIA GARCIA led Maria's team. Ms Garcia, Mariana and mgarcia@y.org, garcia_m@z.io, garcia.maria@w.net";
    const r = swapName(text, MARIA, { first: 'Aisha', last: 'Williams' });
    expect(r.text).toBe("Aisha Williams\naisha.williams@x.com | linkedin.com/in/aisha-williams\nAISHA WILLIAMS led Aisha's team. Ms Williams, Mariana and awilliams@y.org, williams_a@z.io, williams.aisha@w.net");
    expect(applyEdits(text, r.edits)).toBe(r.text);
    expect(new Set(r.edits.map((e) => e.before))).toEqual(new Set(['Maria Garcia', 'maria', 'garcia', 'MARIA GARCIA', 'Maria', 'Garcia', 'mgarcia', 'm']));
  });
  it('matches whole words only, Unicode-aware, and folds accents in e-mails', () => {
    const jose: FoundName = { full: 'José Núñez', first: 'José', last: 'Núñez', source: 'field' };
    expect(swapName('José Núñez (jose.nunez@mail.es). JOSÉ habla con Joséphine.', jose, { first: 'Ana', last: 'López' }).text)
      .toBe('Ana López (ana.lopez@mail.es). ANA habla con Joséphine.');
  });
  it('leaves a lower-case occurrence that is an ordinary word', () => {
    const will: FoundName = { full: 'Will Smith', first: 'Will', last: 'Smith', source: 'mapped' };
    expect(swapName("Will Smith will join; Will's plan.", will, { first: 'Greg', last: 'Baker' }).text).toBe("Greg Baker will join; Greg's plan.");
  });
  it('keeps the last name when the new name has none', () => {
    expect(swapName('Maria Garcia, maria.garcia@x.com. Garcia', MARIA, { first: 'Lakisha' }).text).toBe('Lakisha Garcia, lakisha.garcia@x.com. Garcia');
  });
  it('records no edit when the name is not in the text', () => {
    expect(swapName('Developer since 2010.', MARIA, { first: 'Aisha', last: 'Williams' })).toEqual({ text: 'Developer since 2010.', edits: [] });
  });
});

describe('swapEmailLocal(address, from, to)', () => {
  it('rewrites first+last run together and the last+initial pattern', () => {
    expect(swapEmailLocal('mariagarcia@x.com', MARIA, { first: 'Aisha', last: "O'Neil" })).toEqual([[0, 11, 'aishaoneil']]);
    expect(swapEmailLocal('garciam@x.com', MARIA, { first: 'Aisha', last: 'Williams' })).toEqual([[0, 7, 'williamsa']]);
    expect(swapEmailLocal('info@garcia.com', MARIA, { first: 'Aisha', last: 'Williams' })).toEqual([]);
  });
});
