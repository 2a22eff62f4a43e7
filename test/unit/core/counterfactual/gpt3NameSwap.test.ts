import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BLOOMBERG_2024 } from '../../../../src/core/counterfactual/bundledNameLists.ts';
import { generateVariants } from '../../../../src/core/counterfactual/generate.ts';
import { sharedExternal } from '../../../sharedExternal.ts';

/**
 * The CSE246 GPT-3 name-swap pairs (fzakaria/CSE246-GPT3-Gender-Bias-Project, MIT): rows 0–99
 * carry a female first name in NAME, rows 100–199 the same RESUME text with a male first name.
 * The published pair differs only in the name; so must our name variant of the female row.
 */
const PAIR = 'a name variant of a published female-name CV differs from it only in the name, as the published male twin does';
const ABSENT = 'the published resume texts do not contain the name, so a swap on them alone changes nothing';
const data = sharedExternal('gpt3-gender-name-swap', [PAIR, ABSENT]);

function rows(): { name: string; resume: string }[] {
  const parsed = Papa.parse(readFileSync(data.path('resume.csv'), 'utf8'), { skipEmptyLines: true }) as { data: string[][] };
  const [header, ...body] = parsed.data;
  const [name, resume] = [header.indexOf('NAME'), header.indexOf('RESUME')];
  return body.map((r) => ({ name: r[name], resume: r[resume] }));
}

const maleFirstNames = new Set(BLOOMBERG_2024.groups.filter((g) => g.signals.gender === 'male').flatMap((g) => g.first));

describe('name variants on the GPT-3 gender name-swap resumes', () => {
  it.skipIf(data.skip !== false)(PAIR, () => {
    const all = rows();
    expect(all).toHaveLength(200);
    for (let i = 0; i < 100; i++) {
      const female = all[i], male = all[i + 100];
      expect(male.resume).toBe(female.resume); // the published pair: same text, other name
      // the document as the pair presents it: the name, then the resume; the name mapped from NAME
      const doc = { id: `r${i}`, source: `resume.csv:${i + 2}`, text: `${female.name}\n${female.resume}`, name: female.name };
      // names replaced in place, nothing else changed: the published pair's own design
      const { variants } = generateVariants([doc], { kinds: ['names'], seed: 2022, attributes: ['gender'], names: 'replace', neutralise: false, namesPerGroup: 1 });
      const v = variants.find((x) => x.id === `r${i}.gender.implicit.male.1`);
      expect(v, doc.id).toBeDefined();
      if (!v) continue;
      expect(v.edits.every((e) => e.before === female.name)).toBe(true);
      expect(v.edits).toHaveLength(1);
      expect(maleFirstNames.has(v.name as string)).toBe(true);
      expect(v.text).toBe(`${v.name}\n${male.resume}`);
    }
  });

  it.skipIf(data.skip !== false)(ABSENT, () => {
    const all = rows().slice(0, 100);
    const docs = all.map((r, i) => ({ id: `r${i}`, source: `resume.csv:${i + 2}`, text: r.resume, name: r.name }));
    const { variants, notMade } = generateVariants(docs, { kinds: ['names'], seed: 2022, attributes: ['gender'], names: 'replace', neutralise: false, namesPerGroup: 1 });
    expect(variants).toEqual([]);
    expect(notMade).toHaveLength(200); // female and male group, for each of the 100 resumes
    expect(notMade.every((n) => n.reason.endsWith('does not occur in the text'))).toBe(true);
  });
});
