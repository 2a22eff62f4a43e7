/**
 * The neutral base (the screening protocol's Appendix A), worked out by hand: the candidate's name,
 * contact details and explicit statements removed; the candidate's pronouns neutral (English
 * "they" with its verb agreement, Dutch die/hen/hun), someone else's left as written; in French,
 * Spanish and German the candidate's pronouns and gendered words left and marked for review.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../../src/core/counterfactual/edit.ts';
import { neutralise } from '../../../../src/core/counterfactual/neutral/neutralise.ts';
import { referents } from '../../../../src/core/counterfactual/neutral/referents.ts';
import { contactRemovals } from '../../../../src/core/counterfactual/neutral/contacts.ts';
import { contactSpans } from '../../../../src/core/counterfactual/identity/contactSpans.ts';
import { statementRemovals } from '../../../../src/core/counterfactual/neutral/statements.ts';
import type { CandidateDocument } from '../../../../src/core/counterfactual/document.ts';

const doc = (text: string, lang = 'en', extra: Partial<CandidateDocument> = {}): CandidateDocument => ({ id: 'cv', source: 'cv.txt', text, lang, ...extra });

describe('neutralise(doc)', () => {
  it('removes the name line, the contact line, the statements line, and makes the candidate "they" with the verbs agreeing', () => {
    const text = [
      'John Smith',
      'Phone: +1 (555) 123-4567 | john.smith@mail.com | linkedin.com/in/jsmith',
      '123 Main Street, Springfield',
      'Date of birth: 12/05/1985 | Married | US citizen',
      'Profile',
      "John is a senior engineer. He manages a team of 8 and he has led migrations. His work was praised. He doesn't stop.",
    ].join('\n');
    const base = neutralise(doc(text));
    expect(base.text).toBe("Profile\nThe candidate is a senior engineer. They manage a team of 8 and they have led migrations. Their work was praised. They don't stop.");
    expect(base.name).toMatchObject({ full: 'John Smith', source: 'first-line' });
    expect(base.edits.map((e) => e.why)).toEqual(['name', 'phone', 'address', 'birth', 'name', 'pronoun', 'verb-agreement', 'pronoun', 'verb-agreement', 'pronoun', 'pronoun', 'verb-agreement']);
    expect(applyEdits(text, base.edits)).toBe(base.text);
    // the street address is found by its shape alone: marked for review
    expect(base.edits.filter((e) => e.uncertain).map((e) => e.why)).toEqual(['address']);
    expect(base.uncertain).toBe(1);
  });

  it("keeps a referee's pronouns and a colleague's, and neutralises the candidate's possessive after them (uncertain in a reference block)", () => {
    const text = 'Maria Garcia\nShe leads the data team.\nReferences\nJane Doe, Director at Acme. She can confirm her skills.\nTom Berg, my manager. He agreed.';
    const base = neutralise(doc(text));
    expect(base.text).toBe('They lead the data team.\nReferences\nJane Doe, Director at Acme. She can confirm her skills.\nTom Berg, my manager. He agreed.'.replace('confirm her', 'confirm her'));
    // "her skills": after "She" (Jane) in the same sentence, the same gender: Jane's, as written
    expect(base.edits.filter((e) => e.why === 'pronoun').map((e) => [e.before, e.after])).toEqual([['She', 'They']]);
  });

  it("a pronoun of the other gender than the referee's name is not the referee's: the candidate's, made neutral and marked", () => {
    const base = neutralise(doc('John Smith\nReferences\nJane Doe, Director at Acme. She can confirm his skills.'));
    expect(base.text).toBe('References\nJane Doe, Director at Acme. She can confirm their skills.');
    expect(base.edits.find((e) => e.before === 'his')).toMatchObject({ after: 'their', uncertain: true });
  });

  it('leaves "he or she", a role\'s pronoun and one of the other person named before it', () => {
    const text = "Back up Office Manager when she's out of office. Relieved the Vice President of detail and gave him time. Hiding his or her identity.";
    const base = neutralise(doc(text));
    expect(base.text).toBe(text);
    const r = referents(text, 'en', undefined);
    expect(r.pronouns.map((p) => p.referent)).toEqual(['other', 'other', 'generic', 'generic']);
  });

  it('replaces the candidate\'s name in the text by "the candidate" (capitalised at a sentence start), a title with it', () => {
    const base = neutralise(doc("Name: Anna Berg\nAnna's team grew. Feedback for Ms. Berg was good.", 'en'));
    expect(base.text).toBe("The candidate's team grew. Feedback for the candidate was good.");
  });

  it('capitalises "the candidate" at a sentence start after a bullet, a number or a quote, not mid-sentence after a dash (issue 48)', () => {
    const base = neutralise(doc('Anna Berg\nProfile\n• Anna is efficient.\n1. Anna plans. We worked well - Anna led.\nThe client wrote: "Anna delivers."'));
    expect(base.text).toBe('Profile\n• The candidate is efficient.\n1. The candidate plans. We worked well - the candidate led.\nThe client wrote: "The candidate delivers."');
  });

  it('a verb joined after a clause with its own subject agrees when it repeats the first verb\'s form, marked uncertain (issue 48: "They were able … and was a great asset")', () => {
    const base = neutralise(doc('Anna Berg\nShe was able to handle it and was a great asset.\nShe was able to lead a team that grew fast and was praised.\nShe led a team that grows fast and is strong.'));
    expect(base.text).toBe('They were able to handle it and were a great asset.\nThey were able to lead a team that grew fast and were praised.\nThey led a team that grows fast and is strong.');
    // "was → were" after "it" and after "that grew": the embedded clause might own the verb, so each is marked
    const repeated = base.edits.filter((e) => e.why === 'verb-agreement' && e.uncertain);
    expect(repeated.map((e) => [e.before, e.after])).toEqual([['was', 'were'], ['was', 'were']]);
    // the first verb after "They" is certain
    expect(base.edits.filter((e) => e.why === 'verb-agreement' && !e.uncertain).map((e) => e.before)).toEqual(['was', 'was']);
  });

  it('removals that meet on a line leave no dangling separator: "Chicago, IL 60626 | … | x@y.org | female" (issue 48: "Chicago, IL 60626 |  | ")', () => {
    // the place stays outside the header (line 4); the e-mail and the stated sex go, with the separators between them
    const text = 'Anna Berg\nProfile\nI code.\nOffice: Chicago, IL 60626 | anna.berg@example.org | female\nOffice: Chicago, IL 60626 | female | anna.berg@example.org | remote';
    expect(neutralise(doc(text)).text).toBe('Profile\nI code.\nOffice: Chicago, IL 60626\nOffice: Chicago, IL 60626 | remote');
  });

  it('puts a new name where the name stood when asked (names replaced in place), the rest neutralised as before', () => {
    const base = neutralise(doc('Anna Berg\nanna@x.org\nAnna leads. She codes.'), { replaceNameWith: { first: 'Emily', last: 'Walsh' } });
    expect(base.text).toBe('Emily Walsh\nEmily leads. They code.');
  });

  it('uses the name given by the user ("name used in the original") on an anonymised CV', () => {
    const text = "Curriculum vitae\nDuring ten years of knowing Bill, he has shown great talent. Bill's work is exemplary.";
    expect(neutralise(doc(text)).text).toBe("Curriculum vitae\nDuring ten years of knowing Bill, they have shown great talent. Bill's work is exemplary.");
    expect(neutralise(doc(text, 'en', { name: 'Bill' })).text).toBe("Curriculum vitae\nDuring ten years of knowing the candidate, they have shown great talent. The candidate's work is exemplary.");
  });

  it('French: removes the statements; the pronoun and the agreement have no neutral form, so they stay and are marked', () => {
    const base = neutralise(doc('Marie Dupont\nNée le 3 mars 1990 | Nationalité : française\nJe suis une consultante expérimentée. Elle travaille chez X.', 'fr'));
    expect(base.text).toBe('Je suis une consultante expérimentée. Elle travaille chez X.');
    const marked = base.edits.filter((e) => e.uncertain).map((e) => [e.before, e.why]);
    expect(marked).toEqual([['une', 'gendered-word'], ['consultante', 'gendered-word'], ['expérimentée', 'gendered-word'], ['Elle', 'pronoun']]);
    expect(base.edits.filter((e) => e.uncertain).every((e) => e.before === e.after)).toBe(true);
  });

  it('Spanish and German: statements and contacts go, pronouns are marked', () => {
    const es = neutralise(doc('Lucía Pérez\nFecha de nacimiento: 01/02/1991 | Estado civil: soltera\nTeléfono: 612 345 678\nElla dirige el equipo.', 'es'));
    expect(es.text).toBe('Ella dirige el equipo.');
    expect(es.edits.find((e) => e.before === 'Ella')).toMatchObject({ after: 'Ella', uncertain: true, why: 'pronoun' });
    const de = neutralise(doc('Max Müller\nGeburtsdatum: 1.2.1990\nFamilienstand: ledig\nHauptstraße 5, 10115 Berlin\nEr leitet das Team.', 'de'));
    expect(de.text).toBe('Er leitet das Team.');
  });

  it('Dutch: die, hen, hun', () => {
    const base = neutralise(doc('Jan Jansen\nHij is een ervaren leraar. Zijn team groeide. Ik werk met hem.', 'nl'));
    expect(base.text).toBe('Die is een ervaren leraar. Hun team groeide. Ik werk met hen.');
  });

  it('a CV with nothing to neutralise comes back as it is, with no edit', () => {
    const text = 'Software developer\nI build web services in Go and TypeScript.';
    expect(neutralise(doc(text))).toEqual({ of: 'cv', text, edits: [], uncertain: 0 });
  });
});

describe('contactRemovals(text) and statementRemovals(text)', () => {
  it('finds e-mails, links and phone numbers, not years, dates or ranges', () => {
    // (206) 555-0143, not (555) 123-4567: 555 is no US area code, and libphonenumber rightly rejects it unlabelled
    const text = 'a.b@x.com www.x.org https://github.com/ab +44 20 7946 0958 (206) 555-0143 2015-2018 12/05/2019 ISO 9001 version 1.2.3';
    expect(contactSpans(text, 'en').map((r) => [text.slice(r.start, r.end), r.kind])).toEqual([
      ['a.b@x.com', 'email'], ['www.x.org', 'url'], ['https://github.com/ab', 'url'], ['+44 20 7946 0958', 'phone'], ['(206) 555-0143', 'phone'],
    ]);
    // a removal takes the separator it leaves: here the space after each
    expect(contactRemovals(text, 'en').map((r) => text.slice(r.start, r.end))[0]).toBe('a.b@x.com ');
  });
  it('a skills line that starts with "Web:" or "Mobile:" is not a contact', () => {
    expect(statementRemovals('Web:  HTML5/CSS3, JQuery, Bootstrap3\nMobile: iOS and Android\nMobile: 06 12 34 56 78')).toEqual([{ start: 61, end: 83, why: 'phone' }]);
  });
  it('a statement label alone on its line goes with the value on the next line; a heading after it is no value', () => {
    const text = 'Fecha de nacimiento\n\n21 de marzo de 1994\n\nStaatsangehörig\n    peruanisch\nNationality\nSkills\nPython';
    expect(statementRemovals(text).map((r) => [text.slice(r.start, r.end), r.why])).toEqual([
      ['Fecha de nacimiento\n\n21 de marzo de 1994\n', 'birth'], ['Staatsangehörig\n    peruanisch\n', 'nationality'],
    ]);
  });
  it('a full date alone on a header line is a date of birth, marked uncertain; a date in the body or in a sentence is not', () => {
    const text = 'Ana Ruiz\n4 Mar, 1995\nUpdated on 21 January 2015\n' + 'x\n'.repeat(12) + '03 Août 1997\n';
    expect(statementRemovals(text).map((r) => [text.slice(r.start, r.end), r.uncertain])).toEqual([['4 Mar, 1995\n', true]]);
  });
  it('a statement alone in a segment goes with its separator; the rest of the line stays', () => {
    const text = 'Berlin | Married | Open to relocation';
    const [r] = statementRemovals(text);
    expect(text.slice(0, r.start) + text.slice(r.end)).toBe('Berlin | Open to relocation');
  });
});
