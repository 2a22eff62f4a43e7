/**
 * Integrity checks of the bundled datasets (datasets/freelance-twins and
 * datasets/cv-screening): manifests match the files, ids and references are
 * consistent, twins differ from their originals only in gendered words,
 * relevance never depends on gender, and every CV has every variant kind.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { genderedPairs, normToken } from '../../../scripts/datasets/freelance/generate.ts';
import { grade } from '../../../scripts/datasets/freelance/relevance.ts';
import { OCCUPATIONS } from '../../../scripts/datasets/freelance/taxonomy.ts';
import { ETHNICITY_NAMES, ORIGIN_NAMES } from '../../../scripts/datasets/cv/data.ts';

const ROOT = join(__dirname, '..', '..', '..', 'datasets');
const LANGS = ['en', 'fr', 'es', 'de', 'nl'] as const;
const LEVELS = ['ENTRY', 'INTERMEDIATE', 'EXPERT', 'EXPERT PLUS'];

interface Shard { name: string; kind: string; path: string; records: number; bytes: number; sha256: string }
interface Manifest { id: string; version: string; tasks: Record<string, unknown>[]; shards: Shard[] }

function manifest(id: string): Manifest {
  return JSON.parse(readFileSync(join(ROOT, id, 'manifest.json'), 'utf8')) as Manifest;
}

function text(id: string, path: string): string {
  return gunzipSync(readFileSync(join(ROOT, id, path))).toString('utf8');
}

/** All records of the shards of one name (JSONL), in manifest order. */
function records<T>(id: string, name: string): T[] {
  const m = manifest(id);
  const shards = m.shards.filter((s) => s.name === name);
  expect(shards.length, `shard ${name}`).toBeGreaterThan(0);
  return shards.flatMap((s) => text(id, s.path).split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l) as T));
}

function qrels(id: string, name: string): [string, string, number][] {
  const s = manifest(id).shards.find((x) => x.name === name)!;
  const lines = text(id, s.path).split('\n').filter((l) => l.length > 0);
  expect(lines[0]).toBe('query-id\tcorpus-id\tscore');
  return lines.slice(1).map((l) => {
    const [q, d, g] = l.split('\t');
    return [q, d, Number(g)];
  });
}

function countBy<T>(items: readonly T[], key: (x: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of items) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
}

describe.each(['freelance-twins', 'cv-screening'])('bundled dataset %s: manifest and files', (id) => {
  const m = manifest(id);

  it('has a README datasheet and a well-formed manifest', () => {
    expect(m.id).toBe(id);
    expect(m.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(existsSync(join(ROOT, id, 'README.md'))).toBe(true);
    expect(readFileSync(join(ROOT, id, 'README.md'), 'utf8').length).toBeGreaterThan(2000);
  });

  it('lists every shard with its true bytes, sha256 and record count', () => {
    let total = 0;
    for (const s of m.shards) {
      const raw = readFileSync(join(ROOT, id, s.path));
      expect(statSync(join(ROOT, id, s.path)).size, s.path).toBe(s.bytes);
      expect(createHash('sha256').update(raw).digest('hex'), s.path).toBe(s.sha256);
      const lines = gunzipSync(raw).toString('utf8').split('\n').filter((l) => l.length > 0);
      const n = s.kind === 'qrels' && s.path.endsWith('.tsv.gz') ? lines.length - 1 : lines.length;
      expect(n, s.path).toBe(s.records);
      total += s.bytes;
    }
    expect(total).toBeLessThan(6 * 1024 * 1024);
  });

  it('names in its tasks only shards that exist', () => {
    const names = new Set(m.shards.map((s) => s.name));
    for (const t of m.tasks) {
      for (const key of ['corpus', 'queries', 'qrels', 'twins', 'jobs', 'cvs', 'pools', 'variants', 'labels']) {
        if (typeof t[key] === 'string') expect(names.has(t[key] as string), `${String(t.name)}.${key}`).toBe(true);
      }
    }
  });
});

interface CorpusRec { _id: string; text: string; lang: string; meta: { occupation: string; seniority: string; gender: 'female' | 'male'; skills: string[] } }
interface QueryRec { _id: string; text: string; lang: string; meta: { occupation: string; seniority: string | null; skills: string[] } }
interface TwinRec { id: string; twin_id: string; twin_text: string; group: string; twin_group: string; lang: string }

describe('freelance-twins', () => {
  const ID = 'freelance-twins';
  const corpus = records<CorpusRec>(ID, 'corpus');
  const briefs = records<QueryRec>(ID, 'queries-briefs');
  const short = records<QueryRec>(ID, 'queries-short');
  const twins = records<TwinRec>(ID, 'twins-gender');
  const byId = new Map(corpus.map((d) => [d._id, d]));
  const family = new Map(OCCUPATIONS.map((o) => [o.id, o.family]));

  it('declares the two retrieval tasks and the two twins tasks', () => {
    const tasks = manifest(ID).tasks;
    expect(tasks).toContainEqual({ type: 'retrieval', name: 'briefs', corpus: 'corpus', queries: 'queries-briefs', qrels: 'qrels-briefs', relevance_threshold: 3, k: [10] });
    expect(tasks).toContainEqual({ type: 'retrieval', name: 'queries', corpus: 'corpus', queries: 'queries-short', qrels: 'qrels-short', relevance_threshold: 3, k: [10] });
    for (const of of ['briefs', 'queries']) {
      expect(tasks).toContainEqual({ type: 'twins', name: `gender-${of}`, of, twins: 'twins-gender', attribute: 'gender', groups: ['female', 'male'] });
    }
  });

  it('has unique, stable ids and well-formed profiles', () => {
    expect(new Set(corpus.map((d) => d._id)).size).toBe(corpus.length);
    expect(corpus.length).toBeLessThanOrEqual(2500);
    const qids = [...briefs, ...short].map((q) => q._id);
    expect(new Set(qids).size).toBe(qids.length);
    expect(OCCUPATIONS.length).toBeGreaterThanOrEqual(20);
    for (const d of corpus) {
      expect(d._id).toMatch(new RegExp(`^${d.lang}-p\\d{4}$`));
      expect(LEVELS).toContain(d.meta.seniority);
      expect(['female', 'male']).toContain(d.meta.gender);
      expect(family.has(d.meta.occupation)).toBe(true);
      expect(d.text.split(/\s+/).length).toBeLessThanOrEqual(120);
    }
  });

  it('has >= 400 profiles, >= 40 briefs and >= 40 short queries of 3-6 words per language', () => {
    for (const l of LANGS) {
      expect(corpus.filter((d) => d.lang === l).length, l).toBeGreaterThanOrEqual(400);
      expect(briefs.filter((q) => q.lang === l).length, l).toBeGreaterThanOrEqual(40);
      const s = short.filter((q) => q.lang === l);
      expect(s.length, l).toBeGreaterThanOrEqual(40);
      for (const q of s) {
        const n = q.text.trim().split(/\s+/).length;
        expect(n, q.text).toBeGreaterThanOrEqual(3);
        expect(n, q.text).toBeLessThanOrEqual(6);
      }
    }
  });

  // An independent statement of the documented rule (README "Relevance").
  function expected(q: QueryRec['meta'], d: CorpusRec['meta']): number {
    if (q.occupation !== d.occupation) return family.get(q.occupation) === family.get(d.occupation) ? 1 : 0;
    const overlap = q.skills.filter((s) => d.skills.includes(s)).length;
    const skillsOk = q.skills.length === 0 || 2 * overlap >= q.skills.length;
    const diff = LEVELS.indexOf(d.seniority) - LEVELS.indexOf(q.seniority ?? d.seniority);
    const senOk = q.seniority === null || diff === 0 || diff === 1;
    return 2 + Number(skillsOk) + Number(senOk);
  }

  it.each([
    ['qrels-briefs', briefs],
    ['qrels-short', short],
  ] as const)('%s judges every same-language pair with grade >= 1 by the documented rule', (name, queries) => {
    const rows = qrels(ID, name);
    const qById = new Map(queries.map((q) => [q._id, q]));
    const got = new Map<string, number>();
    for (const [q, d, g] of rows) {
      expect(qById.has(q), q).toBe(true);
      expect(byId.has(d), d).toBe(true);
      expect(qById.get(q)!.lang).toBe(byId.get(d)!.lang);
      expect(g).toBeGreaterThanOrEqual(1);
      expect(g).toBeLessThanOrEqual(4);
      expect(got.has(`${q}\t${d}`)).toBe(false);
      got.set(`${q}\t${d}`, g);
    }
    let n = 0;
    const wrong: string[] = [];
    const noRelevant: string[] = [];
    for (const q of queries) {
      let relevant = 0;
      for (const d of corpus) {
        const e = d.lang === q.lang ? expected(q.meta, d.meta) : 0;
        const g = got.get(`${q._id}\t${d._id}`) ?? 0;
        if (g !== e) wrong.push(`${q._id} ${d._id}: ${g} != ${e}`);
        if (e > 0) n++;
        if (g >= 3) relevant++;
      }
      if (relevant === 0) noRelevant.push(q._id);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // every query has something relevant at the task threshold
    expect(noRelevant).toEqual([]);
    expect(got.size).toBe(n);
  });

  it('gives a profile and its gender twin the same grade for every query (relevance is gender-blind)', () => {
    const twinIds = new Set(twins.map((t) => t.id));
    const wrong: string[] = [];
    let checked = 0;
    for (const q of [...briefs, ...short]) {
      for (const d of corpus) {
        if (!twinIds.has(d._id) || d.lang !== q.lang) continue;
        const swapped = { ...d.meta, gender: d.meta.gender === 'male' ? 'female' : 'male' } as const;
        const a = grade(q.meta as never, d.meta as never);
        const b = grade(q.meta as never, swapped as never);
        if (a !== b || a !== expected(q.meta, d.meta)) wrong.push(`${q._id} ${d._id}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('has twins of >= 30% of the profiles of every language and of every occupation within it', () => {
    const twinIds = new Set(twins.map((t) => t.id));
    for (const l of LANGS) {
      const ps = corpus.filter((d) => d.lang === l);
      expect(ps.filter((d) => twinIds.has(d._id)).length / ps.length, l).toBeGreaterThanOrEqual(0.3);
      for (const o of OCCUPATIONS) {
        const po = ps.filter((d) => d.meta.occupation === o.id);
        expect(po.length, `${l} ${o.id}`).toBeGreaterThan(0);
        expect(po.filter((d) => twinIds.has(d._id)).length / po.length, `${l} ${o.id}`).toBeGreaterThanOrEqual(0.3);
      }
    }
    const groups = countBy(twins, (t) => t.group);
    expect(groups.get('female')).toBeGreaterThan(0);
    expect(groups.get('male')).toBeGreaterThan(0);
  });

  it('makes every twin differ from its original, and only in gendered words of its language', () => {
    const pairs = new Map(LANGS.map((l) => [l, genderedPairs(l)]));
    expect(new Set(twins.map((t) => t.id)).size).toBe(twins.length);
    for (const t of twins) {
      const d = byId.get(t.id)!;
      expect(d, t.id).toBeDefined();
      expect(t.twin_id).toBe(`${t.id}-twin`);
      expect(t.lang).toBe(d.lang);
      expect(t.group).toBe(d.meta.gender);
      expect(t.twin_group).toBe(t.group === 'male' ? 'female' : 'male');
      expect(t.twin_text).not.toBe(d.text);
      const a = d.text.split(/(\s+)/);
      const b = t.twin_text.split(/(\s+)/);
      expect(b.length, t.id).toBe(a.length);
      const allowed = pairs.get(t.lang as (typeof LANGS)[number])!;
      let diffs = 0;
      for (let i = 0; i < a.length; i++) {
        if (a[i] === b[i]) continue;
        expect(i % 2, `${t.id}: whitespace differs`).toBe(0);
        diffs++;
        const x = normToken(a[i]);
        const y = normToken(b[i]);
        const pair = t.group === 'male' ? `${x}|${y}` : `${y}|${x}`;
        expect(allowed.has(pair), `${t.id}: "${a[i]}" -> "${b[i]}" is not a gendered pair of ${t.lang}`).toBe(true);
        // outer punctuation is kept as is
        expect(a[i].replace(/[\p{L}\p{N}]+/gu, 'w')).toBe(b[i].replace(/[\p{L}\p{N}]+/gu, 'w'));
      }
      expect(diffs).toBeGreaterThanOrEqual(1);
      expect(diffs).toBeLessThanOrEqual(16);
      expect(diffs / Math.ceil(a.length / 2), t.id).toBeLessThanOrEqual(0.3);
    }
  });

  it('keeps the gendered word lists free of gender-neutral words', () => {
    for (const l of LANGS) {
      for (const p of genderedPairs(l)) {
        const [m, f] = p.split('|');
        expect(m, `${l} ${p}`).not.toBe(f);
        expect(m.length + f.length).toBeGreaterThan(2);
      }
    }
    expect(genderedPairs('en').has('he|she')).toBe(true);
    expect(genderedPairs('fr').has('développeur|développeuse')).toBe(true);
    expect(genderedPairs('de').has('erfahrener|erfahrene')).toBe(true);
    expect(genderedPairs('es').has('experimentado|experimentada')).toBe(true);
    expect(genderedPairs('nl').has('verpleger|verpleegster')).toBe(true);
  });
});

interface JobRec { _id: string; text: string; occupation: string; meta: { required: string[]; education: number; min_years: number } }
interface CvRec { _id: string; text: string; occupation: string; meta: { job_id: string; field: string; years: number; education: number; missing_required: number; name_gender: 'female' | 'male' } }
interface PoolRec { job_id: string; cv_ids: string[] }
interface LabelRec { job_id: string; cv_id: string; label: number; split: string }
interface VariantRec { cv_id: string; variant_id: string; attribute: string; group: string; signal: string; name?: string; text: string }

describe('cv-screening', () => {
  const ID = 'cv-screening';
  const jobs = records<JobRec>(ID, 'jobs');
  const cvs = records<CvRec>(ID, 'cvs');
  const pools = records<PoolRec>(ID, 'pools');
  const labels = records<LabelRec>(ID, 'labels');
  const variants = records<VariantRec>(ID, 'variants');
  const cvById = new Map(cvs.map((c) => [c._id, c]));

  it('declares the screening task', () => {
    expect(manifest(ID).tasks).toContainEqual({
      type: 'screening', name: 'cv-screening', jobs: 'jobs', cvs: 'cvs', pools: 'pools', variants: 'variants', labels: 'labels',
      splits: { tune: 'tune', test: 'test' }, reference: { gender: 'male', ethnicity: 'white', origin: 'north-america' },
    });
  });

  it('has 11 jobs of 150-250 words with pools of 40-65 distinct CVs', () => {
    expect(jobs.map((j) => j._id).sort()).toEqual(
      ['apparel', 'aviation', 'banking', 'chef', 'construction', 'consulting', 'finance', 'fitness', 'healthcare', 'it', 'teaching'],
    );
    for (const j of jobs) {
      const n = j.text.split(/\s+/).length;
      expect(n, j._id).toBeGreaterThanOrEqual(150);
      expect(n, j._id).toBeLessThanOrEqual(250);
    }
    expect(new Set(cvs.map((c) => c._id)).size).toBe(cvs.length);
    expect(pools.map((p) => p.job_id).sort()).toEqual(jobs.map((j) => j._id).sort());
    const seen = new Set<string>();
    for (const p of pools) {
      expect(p.cv_ids.length, p.job_id).toBeGreaterThanOrEqual(40);
      expect(p.cv_ids.length, p.job_id).toBeLessThanOrEqual(65);
      for (const c of p.cv_ids) {
        expect(cvById.get(c)?.meta.job_id, c).toBe(p.job_id);
        expect(seen.has(c)).toBe(false);
        seen.add(c);
      }
    }
    expect(seen.size).toBe(cvs.length);
  });

  it('labels every CV by the documented rule, one split per job, both labels in each split and job', () => {
    expect(labels.length).toBe(cvs.length);
    const jobById = new Map(jobs.map((j) => [j._id, j]));
    const splitOfJob = new Map<string, string>();
    for (const l of labels) {
      const c = cvById.get(l.cv_id)!;
      expect(c, l.cv_id).toBeDefined();
      expect(l.job_id).toBe(c.meta.job_id);
      const j = jobById.get(l.job_id)!;
      const fit = c.meta.field === j._id && c.meta.missing_required <= 1 && c.meta.years >= j.meta.min_years && c.meta.education >= j.meta.education;
      expect(l.label, l.cv_id).toBe(fit ? 1 : 0);
      expect(['tune', 'test']).toContain(l.split);
      expect(splitOfJob.get(l.job_id) ?? l.split).toBe(l.split);
      splitOfJob.set(l.job_id, l.split);
    }
    for (const split of ['tune', 'test']) {
      const ls = labels.filter((l) => l.split === split);
      expect(new Set(ls.map((l) => l.label))).toEqual(new Set([0, 1]));
    }
    for (const j of jobs) expect(new Set(labels.filter((l) => l.job_id === j._id).map((l) => l.label)), j._id).toEqual(new Set([0, 1]));
  });

  it('gives every CV every variant kind, each the original with one line on top', () => {
    expect(new Set(variants.map((v) => v.variant_id)).size).toBe(variants.length);
    const byCv = new Map<string, VariantRec[]>();
    for (const v of variants) {
      expect(cvById.has(v.cv_id), v.cv_id).toBe(true);
      byCv.set(v.cv_id, [...(byCv.get(v.cv_id) ?? []), v]);
    }
    const want: Record<string, number> = {
      'gender/explicit/male': 1, 'gender/explicit/female': 1, 'gender/implicit/male': 2, 'gender/implicit/female': 2,
      'ethnicity/explicit/white': 1, 'ethnicity/explicit/black': 1, 'ethnicity/explicit/asian': 1, 'ethnicity/explicit/hispanic': 1,
      'ethnicity/implicit/white': 2, 'ethnicity/implicit/black': 2, 'ethnicity/implicit/hispanic': 2, 'ethnicity/implicit/asian': 4,
      'origin/explicit/north-america': 1, 'origin/explicit/europe': 1, 'origin/explicit/africa': 1, 'origin/explicit/middle-east': 1, 'origin/explicit/asia': 1,
      'origin/implicit/north-america': 2, 'origin/implicit/europe': 2, 'origin/implicit/africa': 2, 'origin/implicit/middle-east': 2, 'origin/implicit/asia': 2,
      'noise/noise/name2': 1, 'noise/noise/whitespace': 1, 'noise/noise/typos': 1,
    };
    const namesOf = (pool: Record<string, Record<string, readonly string[]>>, groups: string[], g: string) => new Set(groups.flatMap((x) => pool[x][g]));
    for (const c of cvs) {
      const vs = byCv.get(c._id) ?? [];
      const counts = Object.fromEntries(countBy(vs, (v) => `${v.attribute}/${v.signal}/${v.group}`));
      expect(counts, c._id).toEqual(want);
      const g = c.meta.name_gender;
      for (const v of vs) {
        if (v.group === 'whitespace') {
          expect(v.text).toBe(c.text.replace(/\s+/g, ' ').trim());
          continue;
        }
        if (v.group === 'typos') {
          expect(v.text).not.toBe(c.text);
          expect(v.text.length).toBe(c.text.length);
          expect(v.text.split(/\s+/).length).toBe(c.text.split(/\s+/).length);
          continue;
        }
        const [line, ...rest] = v.text.split('\n');
        expect(rest.join('\n'), v.variant_id).toBe(c.text);
        if (v.signal === 'explicit') {
          expect(line).toMatch(/^(Gender|Ethnicity|Region of origin): /);
          expect(v.name).toBeUndefined();
        } else {
          expect(line).toBe(`Name: ${v.name}`);
        }
        if (v.signal === 'implicit' && v.attribute === 'gender') {
          expect(namesOf(ETHNICITY_NAMES, ['white'], v.group).has(v.name!), v.variant_id).toBe(true);
        }
        if (v.signal === 'implicit' && v.attribute === 'ethnicity') {
          const groups = v.group === 'asian' ? ['east-asian', 'south-asian'] : [v.group];
          expect(namesOf(ETHNICITY_NAMES, groups, g).has(v.name!), v.variant_id).toBe(true);
        }
        if (v.signal === 'implicit' && v.attribute === 'origin') {
          expect(namesOf(ORIGIN_NAMES, [v.group], g).has(v.name!), v.variant_id).toBe(true);
        }
        if (v.group === 'name2') {
          expect(namesOf(ETHNICITY_NAMES, ['white'], g).has(v.name!)).toBe(true);
          const used = vs.filter((x) => x.attribute === 'gender' && x.signal === 'implicit').map((x) => x.name);
          expect(used).not.toContain(v.name);
        }
      }
      // Two distinct names per implicit group, and East plus South Asian names for Asian.
      for (const key of ['gender/male', 'gender/female', 'ethnicity/white', 'origin/europe']) {
        const [a, gr] = key.split('/');
        const ns = vs.filter((v) => v.attribute === a && v.signal === 'implicit' && v.group === gr).map((v) => v.name);
        expect(new Set(ns).size).toBe(ns.length);
      }
      const asian = vs.filter((v) => v.attribute === 'ethnicity' && v.signal === 'implicit' && v.group === 'asian').map((v) => v.name!);
      expect(asian.filter((n) => ETHNICITY_NAMES['east-asian'][g].includes(n)).length).toBe(2);
      expect(asian.filter((n) => ETHNICITY_NAMES['south-asian'][g].includes(n)).length).toBe(2);
    }
  });
});
