/**
 * Writes the bundled name lists of src/core/counterfactual/names from the shared reference data:
 * - bloomberg2024.json: Bloomberg (2024) top-100 first+last names by race × gender
 *   (data/input/top_{womens,mens}_names.json of /work/shared/external/bloomberg-gpt-hiring-names);
 * - bertrandMullainathan.json: the first names of Bertrand & Mullainathan (2004) by race × sex
 *   (resume.csv of /work/shared/external/bertrand-mullainathan-callbacks);
 * - regionsOfOrigin.json: the names by region of origin × gender written for the bundled
 *   cv-screening dataset (scripts/datasets/cv/data.ts ORIGIN_NAMES);
 * - PROVENANCE.md: each source's URL, commit, licence and how the file was made.
 * Deterministic: names title-cased, de-duplicated and sorted; groups sorted.
 * Run: npx tsx scripts/datasets/nameLists.ts [sharedDir]   (default ../shared)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { titleCase } from '../../src/core/counterfactual/matchCase.ts';
import type { NameGroup, NameList } from '../../src/core/counterfactual/nameList.ts';
import { ORIGIN_NAMES } from './cv/data.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const NAMES_DIR = join(root, 'src', 'core', 'counterfactual', 'names');
const BLOOMBERG = 'bloomberg-gpt-hiring-names';
const BERTRAND = 'bertrand-mullainathan-callbacks';
const ETHNICITY: Readonly<Record<string, string>> = { W: 'white', B: 'black', A: 'asian', H: 'hispanic' };

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const byGroup = (a: NameGroup, b: NameGroup) =>
  `${a.signals.ethnicity}/${a.signals.gender}` < `${b.signals.ethnicity}/${b.signals.gender}` ? -1 : 1;

/** JSON with two-space indentation, each array of names on one line. */
export function formatList(list: NameList): string {
  return JSON.stringify(list, null, 2).replace(/\[\n\s+("[^\]]*?")\n\s+\]/g, (_, body: string) => `[${body.replace(/,\n\s+/g, ', ')}]`) + '\n';
}

function commitOf(sourceMd: string): string {
  const m = /Commit[^:]*:\s*([0-9a-f]{40})/.exec(sourceMd);
  if (!m) throw new Error('no commit in SOURCE.md');
  return m[1];
}

/** The Bloomberg list: full names as published, with their first and last names. */
export function bloombergList(external: string): NameList {
  const groups: NameGroup[] = [];
  for (const [file, gender] of [['top_womens_names.json', 'female'], ['top_mens_names.json', 'male']] as const) {
    const data = JSON.parse(readFileSync(join(external, BLOOMBERG, 'data', 'input', file), 'utf8')) as Record<string, string[]>;
    for (const [code, list] of Object.entries(data)) {
      const full = sorted(list.map((n) => titleCase(n.trim())));
      groups.push({
        signals: { ethnicity: ETHNICITY[code], gender },
        first: sorted(full.map((n) => n.split(' ')[0])),
        last: sorted(full.map((n) => n.split(' ').slice(1).join(' '))),
        full,
      });
    }
  }
  return {
    id: 'bloomberg2024',
    title: 'Bloomberg (2024): top first and last names by race and gender',
    attributes: ['ethnicity', 'gender'],
    reference: { ethnicity: 'white', gender: 'male' },
    groups: groups.sort(byGroup),
  };
}

/** The Bertrand & Mullainathan list: first names only, by race and sex. */
export function bertrandList(external: string): NameList {
  const csv = readFileSync(join(external, BERTRAND, 'resume.csv'), 'utf8');
  // papaparse as src/core/formats/papaparse.d.ts declares it: rows of strings, no header handling.
  const [header, ...rows] = (Papa.parse(csv, { skipEmptyLines: true }) as { data: string[][] }).data;
  const col = (name: string) => header.indexOf(name);
  const [first, race, sex] = [col('firstname'), col('race'), col('gender')];
  const byKey = new Map<string, string[]>();
  for (const r of rows) {
    const key = `${r[race]}/${r[sex] === 'f' ? 'female' : 'male'}`;
    byKey.set(key, [...(byKey.get(key) ?? []), r[first].trim()]);
  }
  const groups = [...byKey].map(([key, first]): NameGroup => {
    const [ethnicity, gender] = key.split('/');
    return { signals: { ethnicity, gender }, first: sorted(first) };
  });
  return {
    id: 'bertrandMullainathan',
    title: 'Bertrand & Mullainathan (2004): first names by race and sex',
    attributes: ['ethnicity', 'gender'],
    reference: { ethnicity: 'white', gender: 'male' },
    groups: groups.sort(byGroup),
  };
}

/** The regions-of-origin list: full names per region × gender, as the bundled cv-screening dataset uses them. */
export function originList(): NameList {
  const groups: NameGroup[] = [];
  for (const [origin, byGender] of Object.entries(ORIGIN_NAMES)) {
    for (const gender of ['female', 'male'] as const) {
      const full = sorted(byGender[gender]);
      groups.push({ signals: { origin, gender }, first: sorted(full.map((n) => n.split(' ')[0])), last: sorted(full.map((n) => n.split(' ').slice(1).join(' '))), full });
    }
  }
  return {
    id: 'regionsOfOrigin',
    title: 'Names by region of origin and gender (written for Fairground)',
    attributes: ['origin', 'gender'],
    reference: { origin: 'north-america', gender: 'male' },
    groups: groups.sort((a, b) => (`${a.signals.origin}/${a.signals.gender}` < `${b.signals.origin}/${b.signals.gender}` ? -1 : 1)),
  };
}

/** PROVENANCE.md, with each source's commit read from its SOURCE.md. */
export function provenance(external: string): string {
  const bb = commitOf(readFileSync(join(external, BLOOMBERG, 'SOURCE.md'), 'utf8'));
  const bm = commitOf(readFileSync(join(external, BERTRAND, 'SOURCE.md'), 'utf8'));
  return `# Name lists: provenance

Written by \`npx tsx scripts/datasets/nameLists.ts\` from the shared reference data; do not edit by
hand (test/unit/core/counterfactual/nameLists.test.ts checks that the script's output equals these
files). Names signal perceived group membership; they are not facts about any person.

## bloomberg2024.json

- Source: https://github.com/BloombergGraphics/2024-openai-gpt-hiring-racial-discrimination
- Commit: ${bb}
- Files: data/input/top_womens_names.json, data/input/top_mens_names.json (100 names for each of
  W, B, A, H; derived by Bloomberg from North Carolina voter records and US Census surnames).
- Made: each published name title-cased (\`ABBY SCHMIDT\` → \`Abby Schmidt\`; \`OCONNELL\` stays
  \`Oconnell\`, as published without an apostrophe); W/B/A/H → white/black/asian/hispanic,
  women/men → female/male; per group the full names, their first names and their last names,
  de-duplicated and sorted.
- Licence notice: the source repository is licensed under the Apache License, Version 2.0 (the
  "License"); you may not use this file except in compliance with the License. You may obtain a
  copy of the License at http://www.apache.org/licenses/LICENSE-2.0. Unless required by applicable
  law or agreed to in writing, software distributed under the License is distributed on an "AS IS"
  BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the License
  for the specific language governing permissions and limitations under the License.
  Modified from the original: reformatted as described under "Made" above.

## bertrandMullainathan.json

- Source: https://github.com/kirenz/datasets (resume.csv, the OpenIntro \`resume\` data set)
- Commit: ${bm}
- Licence: MIT (© 2019 Jan Kirenz, covering the repository). The data originate from
  Bertrand, M. & Mullainathan, S. (2004), "Are Emily and Greg More Employable than Lakisha and
  Jamal? A Field Experiment on Labor Market Discrimination", American Economic Review 94(4),
  991–1013; please cite it when you use these names.
- Made: the distinct \`firstname\` values of each \`race\` (black, white) × \`gender\` (f → female,
  m → male), sorted. First names only: a name variant from this list keeps the original last name.

## regionsOfOrigin.json

- Source: written for this project (scripts/datasets/cv/data.ts \`ORIGIN_NAMES\`, the names of the
  bundled cv-screening dataset): common given and family names of North America, Europe, Africa, the
  Middle East and Asia, four per region × gender. Used for the \`origin\` attribute, whose explicit
  line is \`Origin: <region>\` (the screening protocol's Table 6). Several names overlap regions
  (the Asia list reuses East and South Asian names).
- Licence: the project's own (MIT).
`;
}

/** The four files, keyed by file name, as the script writes them. */
export function nameListFiles(external: string): Record<string, string> {
  return {
    'bloomberg2024.json': formatList(bloombergList(external)),
    'bertrandMullainathan.json': formatList(bertrandList(external)),
    'regionsOfOrigin.json': formatList(originList()),
    'PROVENANCE.md': provenance(external),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const external = join(resolve(process.argv[2] ?? join(root, '..', 'shared')), 'external');
  for (const [name, body] of Object.entries(nameListFiles(external))) {
    writeFileSync(join(NAMES_DIR, name), body);
    console.log(`wrote ${join(NAMES_DIR, name)} (${body.length} chars)`);
  }
}
