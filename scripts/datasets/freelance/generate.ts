/**
 * Generator of the bundled "freelance-twins" dataset (retrieval fairness
 * with counterfactual gender twins, five languages). Deterministic: a fixed
 * seed, a seeded PRNG and gzip level 9 give the same bytes on every run.
 */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import {
  between, cap, childSeed, createRng, freshDir, joinList, pick, sample, shuffled, splitTokens,
  swapTypo, toJsonl, writeJson, writeShard, type Rng, type ShardEntry,
} from '../common.ts';
import { LANGS, OCCUPATIONS, SENIORITIES, skillText, taskText, type Lang, type Occupation, type Seniority } from './taxonomy.ts';
import { PACKS, bareTitle, fill, genderSlots, allTemplates, titleWithAdj, nounPhrase, type Gender } from './lang.ts';
import { grade, type QueryNeed } from './relevance.ts';
import { README } from './readme.ts';

export const SEED = 20240611;
export const PROFILES_PER_OCCUPATION = 18; // x 24 occupations = 432 per language
export const BRIEFS_PER_OCCUPATION = 2; // 48 per language
export const SHORT_PER_OCCUPATION = 2; // 48 per language
export const TWIN_SHARE = 0.35;
export const TYPO_RATE = 0.015;
export const MAX_WORDS = 120;
/** Families whose work is done on site: no "remote" in their briefs and queries. */
const ON_SITE = new Set(['health', 'trades', 'hospitality']);

const YEARS: Record<Seniority, [number, number]> = {
  ENTRY: [2, 3],
  INTERMEDIATE: [4, 6],
  EXPERT: [7, 11],
  'EXPERT PLUS': [12, 20],
};

export interface Profile {
  id: string;
  lang: Lang;
  occupation: string;
  seniority: Seniority;
  gender: Gender;
  skills: string[]; // English keys
  text: string;
  twinText: string; // the same profile rendered with the other gender
}

export interface Query {
  id: string;
  lang: Lang;
  text: string;
  need: QueryNeed;
}

function other(g: Gender): Gender {
  return g === 'male' ? 'female' : 'male';
}

/** Every random choice of one profile, drawn before any rendering. */
interface ProfilePlan {
  occ: Occupation;
  sen: Seniority;
  gender: Gender;
  skillIdx: number[];
  taskIdx: number[];
  person: 1 | 3;
  tone: 'formal' | 'casual';
  long: boolean;
  bullets: boolean;
  headline: number; // -1 = none
  intro: number;
  skillsT: number;
  tasksT: number;
  extra: number;
  closing: number;
  review: number; // -1 = none
  years: number;
}

function plan(rng: Rng, occ: Occupation): ProfilePlan {
  const sen = pick(rng, SENIORITIES);
  const gender: Gender = rng.int(2) === 0 ? 'female' : 'male';
  const nSkills = between(rng, 3, 5);
  const skillIdx = sample(rng, occ.skills.map((_, i) => i), nSkills);
  const long = rng.next() < 0.5;
  const taskIdx = sample(rng, occ.tasks.map((_, i) => i), long ? 2 : 1);
  const person: 1 | 3 = rng.next() < 0.5 ? 1 : 3;
  const tone = rng.next() < 0.5 ? 'formal' : 'casual';
  const bullets = rng.next() < 0.3;
  const headline = rng.next() < 0.4 ? rng.int(2) : -1;
  const r = rng.int(1000);
  return {
    occ, sen, gender, skillIdx, taskIdx, person, tone, long, bullets, headline,
    intro: r % 6, skillsT: Math.floor(r / 6) % 3, tasksT: Math.floor(r / 18) % 3,
    extra: rng.int(3), closing: rng.int(2),
    review: rng.next() < 0.3 ? rng.int(3) : -1,
    years: between(rng, ...YEARS[sen]),
  };
}

function renderProfile(p: ProfilePlan, lang: Lang, g: Gender, forceReview: boolean): string {
  const L = PACKS[lang];
  const skills = p.skillIdx.map((i) => skillText(p.occ.skills[i], lang));
  const tasks = p.taskIdx.map((i) => taskText(p.occ.tasks[i], lang));
  const slots: Record<string, string> = {
    ...genderSlots(p.occ, lang, p.sen, g),
    years: String(p.years),
    skills: joinList(skills, L.and),
    skill1: skills[0],
    skill2: skills[1],
    tasks: joinList(tasks, L.and),
  };
  const f = (t: string) => fill(t, slots, g);
  const first = p.person === 1;
  const introList = first ? L.intro1[p.tone] : L.intro3;
  const lines: string[] = [];
  if (p.headline >= 0) lines.push(f(L.headline[p.headline]));
  const para1 = [f(introList[p.intro % introList.length])];
  if (!p.bullets) para1.push(f((first ? L.skills1 : L.skills3)[p.skillsT]));
  para1.push(f((first ? L.tasks1 : L.tasks3)[p.tasksT]));
  lines.push(para1.join(' '));
  if (p.bullets) {
    lines.push(f(first ? L.bullets1 : L.bullets3));
    for (const s of skills) lines.push(`- ${s}`);
  }
  if (p.long) {
    const extraList = first ? L.extra1[p.tone] : L.extra3;
    const closingList = first ? L.closing1[p.tone] : L.closing3;
    lines.push(`${f(extraList[p.extra % extraList.length])} ${f(closingList[p.closing % closingList.length])}`);
  }
  const review = p.review >= 0 ? p.review : forceReview ? p.extra % L.reviews.length : -1;
  if (review >= 0) lines.push(f(L.reviews[review]));
  return lines.join('\n');
}

/** Applies the same typos to a text and its twin, only at tokens they share. */
function addTypos(rng: Rng, a: string, b: string): [string, string] {
  const ta = splitTokens(a);
  const tb = splitTokens(b);
  if (ta.length !== tb.length) throw new Error(`twin token counts differ:\n${a}\n---\n${b}`);
  for (let i = 0; i < ta.length; i += 2) {
    if (i + 1 < ta.length && ta[i + 1] !== tb[i + 1]) throw new Error('twin separators differ');
    const r = rng.next();
    const pos = rng.uint32();
    if (r < TYPO_RATE && ta[i] === tb[i]) {
      const w = swapTypo(ta[i], pos);
      ta[i] = w;
      tb[i] = w;
    }
  }
  return [ta.join(''), tb.join('')];
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter((w) => w.length > 0).length;
}

export function makeProfiles(lang: Lang): Profile[] {
  const rng = createRng(childSeed(SEED, `profiles-${lang}`));
  const occs = shuffled(rng, OCCUPATIONS.flatMap((o) => Array.from({ length: PROFILES_PER_OCCUPATION }, () => o)));
  return occs.map((occ, i) => {
    const p = plan(rng, occ);
    let a = renderProfile(p, lang, p.gender, false);
    let b = renderProfile(p, lang, other(p.gender), false);
    if (a === b) {
      // No gender cue yet (e.g. first person with an epicene title): add a client review.
      a = renderProfile(p, lang, p.gender, true);
      b = renderProfile(p, lang, other(p.gender), true);
    }
    [a, b] = addTypos(rng, a, b);
    if (a === b) throw new Error(`profile ${lang} ${i} has no gender cue`);
    if (wordCount(a) > MAX_WORDS || wordCount(b) > MAX_WORDS) throw new Error(`profile ${lang} ${i} is too long`);
    return {
      id: `${lang}-p${String(i + 1).padStart(4, '0')}`,
      lang,
      occupation: occ.id,
      seniority: p.sen,
      gender: p.gender,
      skills: p.skillIdx.map((k) => skillText(occ.skills[k], 'en')),
      text: a,
      twinText: b,
    };
  });
}

/** Picks ceil(TWIN_SHARE x n) profiles of every occupation of one language. */
export function pickTwins(lang: Lang, profiles: readonly Profile[]): Set<string> {
  const rng = createRng(childSeed(SEED, `twins-${lang}`));
  const chosen = new Set<string>();
  for (const occ of OCCUPATIONS) {
    const ids = profiles.filter((p) => p.occupation === occ.id).map((p) => p.id);
    for (const id of sample(rng, ids, Math.ceil(TWIN_SHARE * ids.length))) chosen.add(id);
  }
  return chosen;
}

export function makeBriefs(lang: Lang): Query[] {
  const rng = createRng(childSeed(SEED, `briefs-${lang}`));
  const L = PACKS[lang];
  const occs = shuffled(rng, OCCUPATIONS.flatMap((o) => Array.from({ length: BRIEFS_PER_OCCUPATION }, () => o)));
  return occs.map((occ, i) => {
    const sen = pick(rng, SENIORITIES);
    const skillIdx = sample(rng, occ.skills.map((_, k) => k), between(rng, 2, 3));
    const [t1, t2] = sample(rng, occ.tasks.map((_, k) => k), 2);
    const withTask2 = rng.next() < 0.5;
    const g: Gender = 'male'; // briefs use the generic form of the title, as job ads do
    const slots: Record<string, string> = {
      ...genderSlots(occ, lang, sen, g),
      skills: joinList(skillIdx.map((k) => skillText(occ.skills[k], lang)), L.and),
      task: taskText(occ.tasks[t1], lang),
      task2: taskText(occ.tasks[t2], lang),
      weeks: String(between(rng, 2, 16)),
      company: pick(rng, L.companies),
      city: pick(rng, L.cities),
    };
    const f = (t: string) => fill(t, slots, g);
    const parts = [f(pick(rng, L.briefOpener)), f(pick(rng, L.briefNeed))];
    const t2Template = pick(rng, L.briefTask2);
    if (withTask2) parts.push(f(t2Template));
    const logistics = ON_SITE.has(occ.family) ? L.briefLogistics.slice(1) : L.briefLogistics;
    parts.push(f(pick(rng, L.briefSkills)), f(pick(rng, logistics)));
    return {
      id: `${lang}-b${String(i + 1).padStart(2, '0')}`,
      lang,
      text: parts.join(' '),
      need: { occupation: occ.id, seniority: sen, skills: skillIdx.map((k) => skillText(occ.skills[k], 'en')) },
    };
  });
}

export function makeShortQueries(lang: Lang): Query[] {
  const rng = createRng(childSeed(SEED, `short-${lang}`));
  const L = PACKS[lang];
  const occs = shuffled(rng, OCCUPATIONS.flatMap((o) => Array.from({ length: SHORT_PER_OCCUPATION }, () => o)));
  return occs.map((occ, i) => {
    const sen = pick(rng, SENIORITIES);
    const skillIdx = rng.int(occ.skills.length);
    const place = pick(rng, ON_SITE.has(occ.family) ? L.places.slice(1) : L.places);
    const start = rng.int(L.queries.length);
    const skill = skillText(occ.skills[skillIdx], lang);
    for (let k = 0; k < L.queries.length; k++) {
      const t = L.queries[(start + k) % L.queries.length];
      const text = fill(t, { sen: L.querySeniority[sen], title: bareTitle(occ, lang, 'male'), skill1: skill, place }, 'male');
      const n = wordCount(text);
      if (n < 3 || n > 6) continue;
      return {
        id: `${lang}-q${String(i + 1).padStart(2, '0')}`,
        lang,
        text: lang === 'de' ? cap(text) : text,
        need: {
          occupation: occ.id,
          seniority: t.includes('{sen}') ? sen : null,
          skills: t.includes('{skill1}') ? [skillText(occ.skills[skillIdx], 'en')] : [],
        },
      };
    }
    throw new Error(`no short query of 3-6 words for ${lang} ${occ.id}`);
  });
}

/** Every (query, profile) pair of one language with grade >= 1, as TSV rows. */
export function judge(queries: readonly Query[], profiles: readonly Profile[]): string[] {
  const rows: string[] = [];
  for (const q of queries) {
    for (const p of profiles) {
      if (p.lang !== q.lang) continue;
      const gr = grade(q.need, p);
      if (gr >= 1) rows.push(`${q.id}\t${p.id}\t${gr}`);
    }
  }
  return rows;
}

/** Normalized token for twin comparison: lower case, outer punctuation removed. */
export function normToken(t: string): string {
  return t.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/**
 * The gendered word pairs of a language, as "male|female" of normalized tokens:
 * from the template alternatives, the job titles, seniority adjectives and articles.
 */
export function genderedPairs(lang: Lang): Set<string> {
  const pairs = new Set<string>();
  const addZip = (m: string, f: string) => {
    const a = m.split(/\s+/);
    const b = f.split(/\s+/);
    if (a.length !== b.length) throw new Error(`gendered forms differ in length: "${m}" / "${f}"`);
    a.forEach((w, i) => {
      const x = normToken(w);
      const y = normToken(b[i]);
      if (x !== y) pairs.add(`${x}|${y}`);
    });
  };
  for (const t of allTemplates(lang)) {
    for (const m of t.matchAll(/\{([^{}|]*)\|([^{}|]*)\}/g)) addZip(m[1], m[2]);
  }
  for (const occ of OCCUPATIONS) {
    for (const sen of SENIORITIES) {
      addZip(titleWithAdj(occ, lang, sen, 'male'), titleWithAdj(occ, lang, sen, 'female'));
      addZip(nounPhrase(occ, lang, sen, 'male'), nounPhrase(occ, lang, sen, 'female'));
    }
  }
  return pairs;
}

export interface FreelanceBuild {
  profiles: Profile[];
  briefs: Query[];
  short: Query[];
  twins: Set<string>;
}

export function buildFreelance(): FreelanceBuild {
  const profiles: Profile[] = [];
  const briefs: Query[] = [];
  const short: Query[] = [];
  const twins = new Set<string>();
  for (const lang of LANGS) {
    const ps = makeProfiles(lang);
    profiles.push(...ps);
    for (const id of pickTwins(lang, ps)) twins.add(id);
    briefs.push(...makeBriefs(lang));
    short.push(...makeShortQueries(lang));
  }
  return { profiles, briefs, short, twins };
}

/** Writes datasets/freelance-twins/ and returns its manifest. */
export function writeFreelance(outDir: string): Record<string, unknown> {
  const { profiles, briefs, short, twins } = buildFreelance();
  freshDir(outDir);
  const corpus = profiles.map((p) => ({
    _id: p.id,
    text: p.text,
    lang: p.lang,
    meta: { occupation: p.occupation, seniority: p.seniority, gender: p.gender, skills: p.skills },
  }));
  const queryRec = (q: Query) => ({
    _id: q.id,
    text: q.text,
    lang: q.lang,
    meta: { occupation: q.need.occupation, seniority: q.need.seniority, skills: q.need.skills },
  });
  const twinRows = profiles
    .filter((p) => twins.has(p.id))
    .map((p) => ({ id: p.id, twin_id: `${p.id}-twin`, twin_text: p.twinText, group: p.gender, twin_group: other(p.gender), lang: p.lang }));
  const header = 'query-id\tcorpus-id\tscore';
  const qb = judge(briefs, profiles);
  const qs = judge(short, profiles);
  const shards: ShardEntry[] = [
    writeShard(outDir, 'corpus', 'corpus', 'corpus-00.jsonl.gz', toJsonl(corpus), corpus.length),
    writeShard(outDir, 'queries-briefs', 'queries', 'queries-briefs.jsonl.gz', toJsonl(briefs.map(queryRec)), briefs.length),
    writeShard(outDir, 'queries-short', 'queries', 'queries-short.jsonl.gz', toJsonl(short.map(queryRec)), short.length),
    writeShard(outDir, 'qrels-briefs', 'qrels', 'qrels-briefs.tsv.gz', [header, ...qb].join('\n') + '\n', qb.length),
    writeShard(outDir, 'qrels-short', 'qrels', 'qrels-short.tsv.gz', [header, ...qs].join('\n') + '\n', qs.length),
    writeShard(outDir, 'twins-gender', 'twins', 'twins-gender.jsonl.gz', toJsonl(twinRows), twinRows.length),
  ];
  const manifest = {
    id: 'freelance-twins',
    version: '1.0.0',
    title: 'Freelance twins: fair freelancer retrieval with counterfactual gender twins (synthetic, 5 languages)',
    license: 'CC-BY-4.0',
    description:
      `Synthetic freelancer profiles (${profiles.length}, ${PROFILES_PER_OCCUPATION * OCCUPATIONS.length} per language) in English, French, Spanish, German and Dutch over ` +
      `${OCCUPATIONS.length} occupations and four seniority levels, with project briefs and short search queries per language, graded relevance 0-4 ` +
      '(gender-blind by construction) and counterfactual gender twins that differ from their original only in the gender cue. See README.md.',
    languages: [...LANGS],
    generator: { script: 'scripts/datasets/generate.ts', seed: SEED },
    tasks: [
      { type: 'retrieval', name: 'briefs', corpus: 'corpus', queries: 'queries-briefs', qrels: 'qrels-briefs', relevance_threshold: 3, k: [10] },
      { type: 'retrieval', name: 'queries', corpus: 'corpus', queries: 'queries-short', qrels: 'qrels-short', relevance_threshold: 3, k: [10] },
      { type: 'twins', name: 'gender-briefs', of: 'briefs', twins: 'twins-gender', attribute: 'gender', groups: ['female', 'male'] },
      { type: 'twins', name: 'gender-queries', of: 'queries', twins: 'twins-gender', attribute: 'gender', groups: ['female', 'male'] },
    ],
    shards,
  };
  writeJson(join(outDir, 'manifest.json'), manifest);
  writeFileSync(join(outDir, 'README.md'), README({ profiles, briefs, short, twins, qrelsBriefs: qb.length, qrelsShort: qs.length }));
  return manifest;
}
