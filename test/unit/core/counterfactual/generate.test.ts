import { describe, expect, it } from 'vitest';
import { BLOOMBERG_2024, REGIONS_OF_ORIGIN } from '../../../../src/core/counterfactual/bundledNameLists.ts';
import type { CandidateDocument } from '../../../../src/core/counterfactual/document.ts';
import { applyEdits } from '../../../../src/core/counterfactual/edit.ts';
import { generateVariants } from '../../../../src/core/counterfactual/generate.ts';
import { seededGender } from '../../../../src/core/counterfactual/nameVariants.ts';
import type { Variant } from '../../../../src/core/counterfactual/variant.ts';

const CV1: CandidateDocument = { id: 'cv1', source: 'a.csv:2', text: 'Maria Garcia\nmaria.garcia@example.com\nShe leads the data team and mentors engineers.', lang: 'en' };
const BASE1 = 'They lead the data team and mentor engineers.';
const ANON: CandidateDocument = { id: 'anon', source: '1.docx', text: 'Java developer\nI build services in Spring and Kafka.', lang: 'en' };
const FR: CandidateDocument = { id: 'fr1', source: 'fr.txt', text: 'Je suis une consultante expérimentée.', lang: 'fr-FR', name: 'Jeanne Dupont' };
const SV: CandidateDocument = { id: 'sv1', source: 'b.txt', text: 'Software Engineer\nBuilt  APIs.', lang: 'sv' };
const ALL = ['names', 'explicit', 'gender', 'noise'] as const;
const names = (list: typeof BLOOMBERG_2024, signals: Record<string, string>) =>
  list.groups.find((g) => Object.entries(signals).every(([k, v]) => g.signals[k] === v))?.full ?? [];
const byId = (vs: readonly Variant[]) => new Map(vs.map((v) => [v.id, v]));
const pairs = (ids: string[]) => ids.flatMap((id) => [`${id}.1`, `${id}.2`]);

describe('generateVariants(docs, options): the screening protocol\'s variants (Appendix A, Table 6)', () => {
  const out = generateVariants([CV1], { kinds: ALL, seed: 42 });
  const v = byId(out.variants);

  it('makes the neutral base, then names, explicit lines, the twin and the noise floor, with deterministic ids', () => {
    expect(out.variants.map((x) => x.id)).toEqual([
      'cv1.neutral',
      ...pairs(['cv1.gender.implicit.female', 'cv1.gender.implicit.male']),
      ...pairs(['asian', 'black', 'hispanic', 'white'].map((g) => `cv1.ethnicity.implicit.${g}`)),
      ...pairs(['africa', 'asia', 'europe', 'middle-east', 'north-america'].map((g) => `cv1.origin.implicit.${g}`)),
      'cv1.gender.explicit.female', 'cv1.gender.explicit.male',
      'cv1.ethnicity.explicit.white', 'cv1.ethnicity.explicit.black', 'cv1.ethnicity.explicit.asian', 'cv1.ethnicity.explicit.hispanic',
      'cv1.origin.explicit.north-america', 'cv1.origin.explicit.europe', 'cv1.origin.explicit.africa', 'cv1.origin.explicit.middle-east', 'cv1.origin.explicit.asia',
      'cv1.twin.gender', 'cv1.noise.name2', 'cv1.noise.typos',
    ]);
    expect(out.notMade).toEqual([{ of: 'cv1', kind: 'noise', group: 'whitespace', reason: 'no whitespace to collapse' }]);
  });

  it('the neutral base has no name, no e-mail and no candidate pronoun: "They lead … and mentor …"', () => {
    expect(v.get('cv1.neutral')).toMatchObject({ kind: 'neutral', from: 'original', text: BASE1 });
  });

  it('every variant\'s edits rebuild its text from what it is made from (the CV as imported, or its neutral base)', () => {
    for (const x of out.variants) expect(applyEdits(x.from === 'original' ? CV1.text : BASE1, x.edits), x.id).toBe(x.text);
  });

  it('every explicit and name variant is the neutral base plus exactly one line at the top, in the protocol\'s wording', () => {
    for (const x of out.variants.filter((y) => y.kind === 'explicit' || y.kind === 'names')) {
      const [line, ...rest] = x.text.split('\n');
      expect(rest.join('\n'), x.id).toBe(BASE1);
      expect(x.edits).toEqual([{ offset: 0, before: '', after: `${line}\n` }]);
    }
    expect(v.get('cv1.gender.explicit.female')?.text.split('\n')[0]).toBe('Gender: Female');
    expect(v.get('cv1.ethnicity.explicit.black')?.text.split('\n')[0]).toBe('Ethnicity: Black or African American');
    expect(v.get('cv1.ethnicity.explicit.hispanic')?.text.split('\n')[0]).toBe('Ethnicity: Hispanic or Latino');
    expect(v.get('cv1.origin.explicit.africa')?.text.split('\n')[0]).toBe('Origin: Africa');
    expect(v.get('cv1.origin.implicit.africa.1')?.text.split('\n')[0]).toBe(`Name: ${v.get('cv1.origin.implicit.africa.1')?.name}`);
  });

  it('gender names are White names of each gender; ethnicity and origin names all of one gender, a seeded choice per CV', () => {
    for (const g of ['female', 'male']) {
      for (const k of [1, 2]) expect(names(BLOOMBERG_2024, { ethnicity: 'white', gender: g })).toContain(v.get(`cv1.gender.implicit.${g}.${k}`)?.name);
    }
    const held = seededGender(42, 'cv1');
    for (const e of ['asian', 'black', 'hispanic', 'white']) {
      for (const k of [1, 2]) expect(names(BLOOMBERG_2024, { ethnicity: e, gender: held }), `${e}.${k}`).toContain(v.get(`cv1.ethnicity.implicit.${e}.${k}`)?.name);
    }
    for (const o of ['africa', 'asia', 'europe', 'middle-east', 'north-america']) {
      for (const k of [1, 2]) expect(names(REGIONS_OF_ORIGIN, { origin: o, gender: held }), `${o}.${k}`).toContain(v.get(`cv1.origin.implicit.${o}.${k}`)?.name);
    }
    // two different names per group
    expect(v.get('cv1.gender.implicit.female.1')?.name).not.toBe(v.get('cv1.gender.implicit.female.2')?.name);
  });

  it('the twin is of the CV as imported, its grammar and the name of the other gender: "He leads …", a White man\'s first name', () => {
    const twin = v.get('cv1.twin.gender') as Variant;
    expect(twin).toMatchObject({ group: 'male', from: 'original', signal: 'implicit' });
    const first = twin.name!.split(' ')[0];
    expect(names(BLOOMBERG_2024, { ethnicity: 'white', gender: 'male' }).map((n) => n.split(' ')[0])).toContain(first);
    expect(twin.text).toBe(`${first} Garcia\n${first.toLowerCase()}.garcia@example.com\nHe leads the data team and mentors engineers.`);
  });

  it('name2 is another name of the held group, none of those already put in; whitespace and typos are of the base', () => {
    const name2 = v.get('cv1.noise.name2') as Variant;
    expect(name2.heldConstant).toEqual({ ethnicity: 'white', gender: seededGender(42, 'cv1') });
    const used = out.variants.filter((x) => x.kind === 'names').map((x) => x.name!.split(' ')[0]);
    expect(used).not.toContain(name2.name!.split(' ')[0]);
    expect(v.get('cv1.noise.typos')?.from).toBe('base');
  });

  it('an anonymised CV (no name) gets every explicit and name variant, on its base', () => {
    const r = generateVariants([ANON], { kinds: ['names', 'explicit'], seed: 1 });
    expect(r.notMade).toEqual([]);
    expect(r.variants.filter((x) => x.kind === 'names')).toHaveLength(22);
    expect(r.variants.filter((x) => x.kind === 'explicit')).toHaveLength(11);
    expect(r.variants.find((x) => x.kind === 'neutral')?.text).toBe(ANON.text);
  });

  it('a French CV whose agreement says "female": its other names are women\'s, and its male variants turn the agreement', () => {
    const r = byId(generateVariants([FR], { kinds: ['names', 'explicit'], seed: 1 }).variants);
    expect(r.get('fr1.neutral')?.text).toBe('Je suis une consultante expérimentée.');
    expect(r.get('fr1.gender.explicit.male')?.text).toBe('Gender: Male\nJe suis un consultant expérimenté.');
    expect(r.get('fr1.gender.explicit.female')?.text).toBe('Gender: Female\nJe suis une consultante expérimentée.');
    expect(r.get('fr1.gender.implicit.male.1')?.text).toBe(`Name: ${r.get('fr1.gender.implicit.male.1')?.name}\nJe suis un consultant expérimenté.`);
    expect(r.get('fr1.ethnicity.implicit.black.1')?.heldConstant).toEqual({ gender: 'female' });
  });

  it('is deterministic, independent of the other documents and their order, and seed-dependent', () => {
    expect(generateVariants([CV1], { kinds: ALL, seed: 42 })).toEqual(out);
    const mixed = generateVariants([SV, FR, CV1], { kinds: ALL, seed: 42 });
    expect(mixed.variants.filter((x) => x.of === 'cv1')).toEqual(out.variants);
    const other = generateVariants([CV1], { kinds: ['names'], seed: 43 });
    const drawn = (vs: readonly Variant[]) => vs.filter((x) => x.kind === 'names').map((x) => x.name);
    expect(drawn(other.variants)).not.toEqual(drawn(out.variants));
  });

  it('draws the same names whether or not the other kinds are asked for', () => {
    const namesOnly = generateVariants([CV1], { kinds: ['names'], seed: 42 }).variants;
    expect(namesOnly.filter((x) => x.kind === 'names')).toEqual(out.variants.filter((x) => x.kind === 'names'));
    const noiseOnly = generateVariants([CV1], { kinds: ['noise'], seed: 42 }).variants;
    expect(noiseOnly.filter((x) => x.kind === 'noise')).toEqual(out.variants.filter((x) => x.kind === 'noise'));
  });

  it('with names replaced in place: the new name where the name stood, the rest neutralised; a CV without a name gets none', () => {
    const r = generateVariants([CV1, ANON], { kinds: ['names'], seed: 42, names: 'replace', attributes: ['gender'] });
    const female = byId(r.variants).get('cv1.gender.implicit.female.1') as Variant;
    const [first, last] = female.name!.split(' ');
    expect(female).toMatchObject({ from: 'original', text: `${first} ${last}\n${BASE1}` });
    expect(r.notMade.filter((n) => n.of === 'anon').map((n) => n.reason)).toEqual(Array(4).fill('no name found to replace in place (names: insert puts a Name: line on every CV)'));
  });

  it('without neutralising, the variants are of the CV as imported and there is no neutral base', () => {
    const r = generateVariants([CV1], { kinds: ['explicit'], seed: 1, neutralise: false, attributes: ['gender'] });
    expect(r.variants.map((x) => x.text)).toEqual([`Gender: Female\n${CV1.text}`, `Gender: Male\n${CV1.text}`]);
  });

  it("builds on the reviewer's base where one is given", () => {
    const r = generateVariants([CV1], { kinds: ['explicit'], seed: 1, attributes: ['gender'], baseTexts: new Map([['cv1', 'They lead the team.']]) });
    expect(r.variants.map((x) => x.text)).toEqual([BASE1, 'Gender: Female\nThey lead the team.', 'Gender: Male\nThey lead the team.']);
  });

  it('says why a variant was not made', () => {
    const r = generateVariants([SV], { kinds: ALL, seed: 1 });
    expect(r.notMade).toContainEqual({ of: 'sv1', kind: 'gender', reason: 'no gender lexicon for language "sv"' });
    expect(r.variants.find((x) => x.id === 'sv1.noise.whitespace')?.text).toBe('Software Engineer\nBuilt APIs.');
    const tie = generateVariants([{ id: 't', source: 't', text: 'I lead. I help.', lang: 'en' }], { kinds: ['gender'], seed: 1 });
    expect(tie.notMade).toEqual([{ of: 't', kind: 'gender', reason: "cannot tell the text's grammatical gender" }]);
    const noLang = generateVariants([{ id: 'n', source: 'n', text: 'She leads.' }], { kinds: ['gender'], seed: 1 });
    expect(noLang.notMade).toEqual([{ of: 'n', kind: 'gender', reason: 'the document has no language (lang)' }]);
  });

  it('takes user labels for an attribute without a name list', () => {
    const r = generateVariants([CV1], { kinds: ['names', 'explicit'], seed: 3, attributes: ['caste'], explicitLabels: { caste: { label: 'Caste', groups: { a: 'A', b: 'B' } } } });
    expect(r.notMade).toEqual([{ of: 'cv1', kind: 'names', reason: 'no name list has the attribute "caste"' }]);
    expect(byId(r.variants).get('cv1.caste.explicit.a')?.text).toBe(`Caste: A\n${BASE1}`);
  });
});
