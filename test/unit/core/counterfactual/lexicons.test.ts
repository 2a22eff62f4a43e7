import { describe, expect, it } from 'vitest';
import { genderTwin } from '../../../../src/core/counterfactual/gender/genderTwin.ts';
import { directLexicon, LEXICONS } from '../../../../src/core/counterfactual/gender/lexicons.ts';
import { pairs } from '../../../../src/core/counterfactual/gender/lexicon/types.ts';
import { isProtected } from '../../../../src/core/counterfactual/protectedTerms.ts';

describe('pairs(list)', () => {
  it('reads masculine:feminine entries and epicene single words', () => {
    expect(pairs('un:une, analyste\n le : la')).toEqual([['un', 'une'], ['analyste', 'analyste'], ['le', 'la']]);
  });
});

describe('the gender lexicons', () => {
  it.each(Object.entries(LEXICONS))('%s: lower-case words, no pair twice in a category, no protected term', (_, lex) => {
    for (const list of [lex.pronouns, lex.nouns, lex.determiners, lex.adjectives]) {
      const keys = list.map((p) => p.join(':'));
      expect(new Set(keys).size, keys.filter((k, i) => keys.indexOf(k) !== i).join(' ')).toBe(keys.length);
      for (const w of list.flat()) {
        expect(w).toMatch(/^\p{Ll}+(?: \p{Ll}+)?$/u); // two words only for a contraction's expansion (de la)
        expect(isProtected(w), w).toBe(false);
      }
    }
  });

  it('maps each form of the from-gender to its partner, the first pair listed winning', () => {
    expect(directLexicon(LEXICONS.en, 'female').pronouns.get('ms')).toBe('mr');
    expect(directLexicon(LEXICONS.en, 'male').pronouns.get('mr')).toBe('ms');
    expect(directLexicon(LEXICONS.de, 'female').nouns.get('krankenschwester')).toBe('krankenpfleger');
    expect(directLexicon(LEXICONS.de, 'male').nouns.get('krankenpfleger')).toBe('krankenpflegerin');
  });

  it('holds the common CV occupations in every language with grammatical gender', () => {
    const expected: Record<string, [string, string][]> = {
      fr: [['développeur', 'développeuse'], ['ingénieur', 'ingénieure'], ['consultant', 'consultante'], ['directeur', 'directrice'], ['enseignant', 'enseignante'], ['infirmier', 'infirmière'], ['avocat', 'avocate'], ['traducteur', 'traductrice'], ['chercheur', 'chercheuse'], ['étudiant', 'étudiante'], ['expert', 'experte']],
      es: [['desarrollador', 'desarrolladora'], ['ingeniero', 'ingeniera'], ['consultor', 'consultora'], ['director', 'directora'], ['diseñador', 'diseñadora'], ['profesor', 'profesora'], ['enfermero', 'enfermera'], ['abogado', 'abogada'], ['médico', 'médica'], ['arquitecto', 'arquitecta'], ['traductor', 'traductora'], ['investigador', 'investigadora']],
      de: [['entwickler', 'entwicklerin'], ['ingenieur', 'ingenieurin'], ['berater', 'beraterin'], ['manager', 'managerin'], ['designer', 'designerin'], ['analyst', 'analystin'], ['lehrer', 'lehrerin'], ['direktor', 'direktorin'], ['student', 'studentin'], ['experte', 'expertin'], ['spezialist', 'spezialistin'], ['anwalt', 'anwältin'], ['arzt', 'ärztin'], ['architekt', 'architektin'], ['übersetzer', 'übersetzerin'], ['forscher', 'forscherin'], ['freelancer', 'freelancerin']],
    };
    for (const [lang, list] of Object.entries(expected)) {
      const m = directLexicon(LEXICONS[lang], 'male').nouns;
      for (const [masc, fem] of list) expect(m.get(masc), `${lang} ${masc}`).toBe(fem);
    }
  });

  it('passes a hyphenated prefix on the way back to the article', () => {
    const r = genderTwin('un vice-président', 'fr', 'male', 'female');
    expect('text' in r && r.text).toBe('une vice-présidente');
  });
});
