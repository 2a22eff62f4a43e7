import { describe, expect, it } from 'vitest';
import { BLOOMBERG_2024 } from '../../../../src/core/counterfactual/bundledNameLists.ts';
import type { CandidateDocument } from '../../../../src/core/counterfactual/document.ts';
import { generateVariants } from '../../../../src/core/counterfactual/generate.ts';
import { reproducesVariant, type Variant } from '../../../../src/core/counterfactual/variant.ts';

const CV1: CandidateDocument = { id: 'cv1', source: 'a.csv:2', text: 'Maria Garcia\nmaria.garcia@example.com\nShe leads the data team and mentors engineers.', lang: 'en' };
const CV2: CandidateDocument = { id: 'cv2', source: 'a.csv:3', text: 'Je suis un consultant expérimenté.', lang: 'fr-FR', name: 'Jean Dupont' };
const CV3: CandidateDocument = { id: 'cv3', source: 'b.txt', text: 'Software Engineer\nBuilt  APIs.', lang: 'sv' };
const ALL = ['names', 'explicit', 'gender', 'noise'] as const;
const fullNames = (ethnicity: string, gender: string) =>
  BLOOMBERG_2024.groups.find((g) => g.signals.ethnicity === ethnicity && g.signals.gender === gender)?.full ?? [];
const byId = (vs: readonly Variant[]) => new Map(vs.map((v) => [v.id, v]));

describe('generateVariants(docs, options)', () => {
  const out = generateVariants([CV1], { kinds: ALL, seed: 42 });

  it('makes each kind with its deterministic id, in the order names, explicit, gender, noise', () => {
    expect(out.variants.map((v) => v.id)).toEqual([
      'cv1.gender.implicit.female.1', 'cv1.gender.implicit.male.1',
      'cv1.ethnicity.implicit.asian.1', 'cv1.ethnicity.implicit.black.1', 'cv1.ethnicity.implicit.hispanic.1', 'cv1.ethnicity.implicit.white.1',
      'cv1.gender.explicit.female', 'cv1.gender.explicit.male',
      'cv1.ethnicity.explicit.asian', 'cv1.ethnicity.explicit.black', 'cv1.ethnicity.explicit.hispanic', 'cv1.ethnicity.explicit.white',
      'cv1.twin.gender', 'cv1.noise.name2', 'cv1.noise.typos',
    ]);
    expect(out.notMade).toEqual([{ of: 'cv1', kind: 'noise', group: 'whitespace', reason: 'no whitespace to collapse' }]);
  });

  it('gives every variant of every kind edits that rebuild its text from the original', () => {
    for (const v of out.variants) expect(reproducesVariant(CV1.text, v), v.id).toBe(true);
    const kinds = new Set(out.variants.map((v) => v.kind));
    expect(kinds).toEqual(new Set(ALL));
  });

  it('holds the other attribute: White for gender (Maria is in the Asian and Hispanic lists), the name\'s female gender for ethnicity', () => {
    const v = byId(out.variants);
    const female = v.get('cv1.gender.implicit.female.1') as Variant;
    expect(female.heldConstant).toEqual({ ethnicity: 'white' });
    expect(fullNames('white', 'female')).toContain(female.name);
    expect(fullNames('white', 'male')).toContain(v.get('cv1.gender.implicit.male.1')?.name);
    const black = v.get('cv1.ethnicity.implicit.black.1') as Variant;
    expect(black.heldConstant).toEqual({ gender: 'female' });
    expect(fullNames('black', 'female')).toContain(black.name);
  });

  it('changes only the name in a name variant, e-mail included', () => {
    const v = byId(out.variants).get('cv1.gender.implicit.male.1') as Variant;
    const [first, last] = (v.name as string).split(' ');
    expect(v.edits.map((e) => e.before)).toEqual(['Maria Garcia', 'maria', 'garcia']);
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}]/gu, '');
    expect(v.text).toBe(`${first} ${last}\n${fold(first)}.${fold(last)}@example.com\nShe leads the data team and mentors engineers.`);
  });

  it('writes explicit lines and the twin as worked out by hand', () => {
    const v = byId(out.variants);
    expect(v.get('cv1.gender.explicit.female')?.text).toBe(`Gender: Female\n${CV1.text}`);
    expect(v.get('cv1.ethnicity.explicit.hispanic')?.text).toBe(`Ethnicity: Hispanic\n${CV1.text}`);
    // no group given: "She" makes the text feminine, so the twin is male
    expect(v.get('cv1.twin.gender')).toMatchObject({ group: 'male', attribute: 'gender', signal: 'implicit', text: CV1.text.replace('She', 'He') });
  });

  it('draws name2 from the original\'s group, not one of the names already put in', () => {
    const v = byId(out.variants);
    const name2 = v.get('cv1.noise.name2') as Variant;
    expect(name2).toMatchObject({ attribute: 'noise', group: 'name2', signal: 'noise', heldConstant: { ethnicity: 'white', gender: 'female' } });
    expect(fullNames('white', 'female')).toContain(name2.name);
    expect(name2.name?.split(' ')[0]).not.toBe(v.get('cv1.gender.implicit.female.1')?.name?.split(' ')[0]);
  });

  it('is deterministic, independent of the other documents and their order, and seed-dependent', () => {
    expect(generateVariants([CV1], { kinds: ALL, seed: 42 })).toEqual(out);
    const mixed = generateVariants([CV3, CV2, CV1], { kinds: ALL, seed: 42 });
    expect(mixed.variants.filter((v) => v.of === 'cv1')).toEqual(out.variants);
    const other = generateVariants([CV1], { kinds: ['names'], seed: 43 });
    const names = (vs: readonly Variant[]) => vs.filter((v) => v.kind === 'names').map((v) => v.name);
    expect(names(other.variants)).not.toEqual(names(out.variants));
    expect(other.variants.map((v) => v.id)).toEqual(out.variants.filter((v) => v.kind === 'names').map((v) => v.id));
  });

  it('draws the same names whether or not the other kinds are asked for', () => {
    const namesOnly = generateVariants([CV1], { kinds: ['names'], seed: 42 }).variants;
    expect(namesOnly).toEqual(out.variants.filter((v) => v.kind === 'names'));
    const noiseOnly = generateVariants([CV1], { kinds: ['noise'], seed: 42 }).variants;
    expect(noiseOnly).toEqual(out.variants.filter((v) => v.kind === 'noise'));
  });

  it('says why a variant was not made', () => {
    const r = generateVariants([CV2, CV3], { kinds: ALL, seed: 1 });
    expect(r.notMade).toContainEqual({ of: 'cv2', kind: 'names', group: 'female', reason: 'the name "Jean Dupont" does not occur in the text' });
    expect(r.notMade).toContainEqual({ of: 'cv3', kind: 'names', reason: 'no name found' });
    expect(r.notMade).toContainEqual({ of: 'cv3', kind: 'gender', reason: 'no gender lexicon for language "sv"' });
    expect(r.notMade).toContainEqual({ of: 'cv3', kind: 'noise', group: 'name2', reason: 'no name found' });
    // fr-FR is read as fr, and the masculine text gets its feminine twin
    expect(r.variants.find((v) => v.id === 'cv2.twin.gender')?.text).toBe('Je suis une consultante expérimentée.');
    expect(r.variants.find((v) => v.id === 'cv3.noise.whitespace')?.text).toBe('Software Engineer\nBuilt APIs.');
  });

  it('turns a known group into the twin\'s direction, and cannot tell a tie', () => {
    const text = 'She leads. He helps.';
    const known = generateVariants([{ id: 'k', source: 'k', text, lang: 'en', group: 'female' }], { kinds: ['gender'], seed: 1 });
    expect(known.variants[0]).toMatchObject({ id: 'k.twin.gender', group: 'male', text: 'He leads. He helps.' });
    const tie = generateVariants([{ id: 't', source: 't', text, lang: 'en' }], { kinds: ['gender'], seed: 1 });
    expect(tie.notMade).toEqual([{ of: 't', kind: 'gender', reason: "cannot tell the text's grammatical gender" }]);
    const noLang = generateVariants([{ id: 'n', source: 'n', text }], { kinds: ['gender'], seed: 1 });
    expect(noLang.notMade).toEqual([{ of: 'n', kind: 'gender', reason: 'the document has no language (lang)' }]);
  });

  it('takes user labels for an attribute without a name list, and several names per group', () => {
    const r = generateVariants([CV1], {
      kinds: ['names', 'explicit'], seed: 3, attributes: ['origin', 'gender'], namesPerGroup: 2,
      explicitLabels: { origin: { label: 'Region of origin', groups: { 'west-africa': 'West Africa', europe: 'Europe' } } },
    });
    expect(r.notMade).toEqual([{ of: 'cv1', kind: 'names', reason: 'no name list has the attribute "origin"' }]);
    const v = byId(r.variants);
    expect(v.get('cv1.origin.explicit.west-africa')?.text).toBe(`Region of origin: West Africa\n${CV1.text}`);
    expect(v.has('cv1.origin.explicit.europe')).toBe(true);
    const two = [v.get('cv1.gender.implicit.female.1')?.name, v.get('cv1.gender.implicit.female.2')?.name];
    expect(new Set(two).size).toBe(2);
  });
});
