/**
 * Issue 46, part A: whom a pronoun refers to on the shapes real CVs have, with synthetic text.
 * The candidate's pronouns become "they" with every verb of the clause agreeing; a referee's and a
 * colleague's stay; what is unsure stays and is marked for review. Expected texts worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { CandidateDocument } from '../../../../src/core/counterfactual/document.ts';
import { applyEdits } from '../../../../src/core/counterfactual/edit.ts';
import { neutralise } from '../../../../src/core/counterfactual/neutral/neutralise.ts';
import { referents } from '../../../../src/core/counterfactual/neutral/referents.ts';

const doc = (text: string, extra: Partial<CandidateDocument> = {}): CandidateDocument => ({ id: 'cv', source: 'cv.txt', text, lang: 'en', ...extra });
const pronounEdits = (text: string, extra: Partial<CandidateDocument> = {}) =>
  neutralise(doc(text, extra)).edits.filter((e) => e.why === 'pronoun').map((e) => [e.before, e.after, e.uncertain === true]);

describe('referents(text, lang, name) on the shapes of real CVs', () => {
  it("a referee named further back keeps her pronoun; the candidate's possessive of the other gender is neutral, marked", () => {
    // the referee's name is not in the bundled lists, and three sentences lie between it and "she"
    const text = 'Tomasz Wrobel\nData engineer.\nReferences\nIngrid Halvorsen, Head of Analytics, Nordvik Labs.\nShe led the audit team in 2021. The audit ran for a year. In her report she observed his care with data.';
    const base = neutralise(doc(text));
    expect(base.text).toBe('Data engineer.\nReferences\nIngrid Halvorsen, Head of Analytics, Nordvik Labs.\nShe led the audit team in 2021. The audit ran for a year. In her report she observed their care with data.');
    expect(pronounEdits(text)).toEqual([['She', 'She', true], ['her', 'her', true], ['she', 'she', true], ['his', 'their', true]]);
    expect(applyEdits(text, base.edits)).toBe(base.text);
  });

  it("a quoted reference about a colleague the lists do not know keeps the colleague's pronoun (marked when the candidate's name is unknown)", () => {
    const text = 'Profile\nSenior nurse.\n"I managed Dmitri for two years on the ward; he is reliable and calm under pressure."';
    expect(neutralise(doc(text)).text).toBe(text);
    expect(pronounEdits(text)).toEqual([['he', 'he', true]]);
    // with the candidate's name known, Dmitri is someone else: left, not marked
    expect(pronounEdits(`Ana Lima\n${text}`, { name: 'Ana Lima' })).toEqual([]);
    // the same sentence about the candidate: their pronoun is neutral
    expect(neutralise(doc('Ana Lima\n"I managed Ana for two years; she is reliable and calm under pressure."')).text).toBe('"I managed the candidate for two years; they are reliable and calm under pressure."');
  });

  it('a pronoun in a letter or quotation with no one named before it is the candidate\'s, made neutral and marked', () => {
    const text = 'To whom it may concern\nI have supervised this engineer since 2019. He is reliable.';
    const r = referents(text, 'en', undefined);
    expect(r.pronouns.map((p) => [p.referent, p.unsure === true])).toEqual([['unclear', false]]);
    expect(neutralise(doc(text)).text).toBe('To whom it may concern\nI have supervised this engineer since 2019. They are reliable.');
    expect(pronounEdits(text)).toEqual([['He', 'They', true]]);
  });

  it('a name of unknown gender takes the gender of the pronoun that refers to it', () => {
    const text = 'Worked under Dr Okonkwo for a year. She reviewed every release and later she praised his tests.';
    const r = referents(text, 'en', { full: 'Piet Smit', first: 'Piet', last: 'Smit', source: 'mapped' });
    expect(r.pronouns.map((p) => [p.token.text, p.referent])).toEqual([['She', 'other'], ['she', 'other'], ['his', 'unclear']]);
  });
});

describe('theyEn: every verb of the predicate agrees with "they"', () => {
  const base = (text: string) => neutralise(doc(`Maria Garcia\n${text}`)).text;

  it('a verb joined to a past tense agrees: "they led … and mentor"', () => {
    expect(base('She led a team of five and mentors two junior engineers.')).toBe('They led a team of five and mentor two junior engineers.');
  });

  it('is, has and was agree after "and", also with an adverb between', () => {
    expect(base('She joined in 2019 and is now head of QA.')).toBe('They joined in 2019 and are now head of QA.');
    expect(base('She manages budgets and also has a seat on the board.')).toBe('They manage budgets and also have a seat on the board.');
    expect(base('She was hired in 2015 and was promoted twice.')).toBe('They were hired in 2015 and were promoted twice.');
  });

  it('a list of verbs from the first one on agrees; a list of nouns after the object does not', () => {
    expect(base('She designs, builds and runs data pipelines.')).toBe('They design, build and run data pipelines.');
    expect(base('She manages budgets, reports and forecasts.')).toBe('They manage budgets, reports and forecasts.');
    expect(base('She manages budgets and reports.')).toBe('They manage budgets and reports.');
    expect(base('She manages budgets and reports to the CFO.')).toBe('They manage budgets and report to the CFO.');
  });

  it('stops at a new subject', () => {
    expect(base('She leads the team, which mentors and trains new hires.')).toBe('They lead the team, which mentors and trains new hires.');
  });
});
