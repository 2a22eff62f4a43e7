/**
 * Scoring past one machine: `export-for-scoring --shards N` → an outside scorer per shard (a
 * word-overlap cosine, here in the test) → `run --scores NAME=DIR` gives the same results, to the
 * bit, as the unsharded export scored by the same scorer; a gzip'd score file or run equals the
 * plain one; a shard missing or repeated, or an item in two shards, is refused in one line, exit 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';

const DATASET = 'datasets/freelance-twins';
const TASK = 'briefs';
let dir = '';

/** Runs the CLI in this process; exit code, stdout and stderr. */
async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { ...nodeIo, stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
  return { code, out, err };
}

const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);

/**
 * The outside system, as a distributed job would run it on one shard: every query of the shard
 * against every document and twin, a binary-bag cosine; a TSV with the shard's provenance line first.
 */
function scoreShard(jsonl: string): string {
  const rows = jsonl.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; id: string; text: string; provenance?: string });
  const header = rows.find((r) => r.kind === 'header')!;
  const queries = rows.filter((r) => r.kind === 'query').map((r) => ({ id: r.id, w: words(r.text) }));
  const docs = rows.filter((r) => r.kind === 'document' || r.kind === 'twin').map((r) => ({ id: r.id, w: words(r.text) }));
  const lines = [header.provenance!];
  for (const q of queries) {
    for (const d of docs) {
      let shared = 0;
      for (const w of q.w) if (d.w.has(w)) shared++;
      lines.push(`${q.id}\t${d.id}\t${shared / Math.sqrt(q.w.size * d.w.size || 1)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The results JSON without what differs by construction between two imports (timings, the file's digest, dates). */
function numbersOf(json: string): unknown {
  return JSON.parse(json, (k, v) => (k === 'timing' || k === 'createdAt' || k === 'revision' || k === 'environment' || k === 'ms' ? undefined : v));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fairground-shards-'));
  // Unsharded: one export, scored whole.
  const whole = await cli(['export-for-scoring', '--dataset', DATASET, '--task', TASK, '--out', join(dir, 'whole.jsonl')]);
  expect(whole.code).toBe(0);
  const scoredWhole = scoreShard(await readFile(join(dir, 'whole.jsonl'), 'utf8'));
  await writeFile(join(dir, 'whole.tsv'), scoredWhole);
  await writeFile(join(dir, 'whole.tsv.gz'), gzipSync(scoredWhole));
  // eval reads a bare run (no provenance line).
  await writeFile(join(dir, 'run.tsv'), scoredWhole.slice(scoredWhole.indexOf('\n') + 1));
  await writeFile(join(dir, 'run.tsv.gz'), gzipSync(scoredWhole.slice(scoredWhole.indexOf('\n') + 1)));
  // Sharded: four self-contained files, each scored on its own into a folder of score shards.
  const sharded = await cli(['export-for-scoring', '--dataset', DATASET, '--task', TASK, '--shards', '4', '--out', join(dir, 'inputs')]);
  expect(sharded.code, sharded.err).toBe(0);
  await mkdir(join(dir, 'scored'));
  for (const name of (await readdir(join(dir, 'inputs'))).sort()) {
    const scored = scoreShard(await readFile(join(dir, 'inputs', name), 'utf8'));
    // Shards come back gzip'd or plain, as a job writes them; Spark's marker file is left out.
    const out = name.replace(/\.jsonl$/, '.tsv');
    if (name.includes('-2-of-')) await writeFile(join(dir, 'scored', `${out}.gz`), gzipSync(scored));
    else await writeFile(join(dir, 'scored', out), scored);
  }
  await writeFile(join(dir, 'scored', '_SUCCESS'), '');
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export-for-scoring --shards N', () => {
  it('writes N self-contained files, each with its provenance line, splitting the queries evenly and keeping every document and twin', async () => {
    const names = (await readdir(join(dir, 'inputs'))).sort();
    expect(names).toEqual(['briefs-1-of-4.jsonl', 'briefs-2-of-4.jsonl', 'briefs-3-of-4.jsonl', 'briefs-4-of-4.jsonl']);
    const whole = (await readFile(join(dir, 'whole.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    const shards = await Promise.all(names.map(async (n) => (await readFile(join(dir, 'inputs', n), 'utf8')).trim().split('\n').map((l) => JSON.parse(l))));
    const queriesOf = (rows: { kind: string; id: string }[]) => rows.filter((r) => r.kind === 'query').map((r) => r.id);
    // 240 queries in four shards of 60, in order, each query once.
    expect(shards.map((s) => queriesOf(s).length)).toEqual([60, 60, 60, 60]);
    expect(shards.flatMap(queriesOf)).toEqual(queriesOf(whole));
    shards.forEach((s, i) => {
      expect(s[0].provenance).toBe(`${whole[0].provenance} shard:${i + 1}/4`);
      expect(s[0].shard).toBe(`${i + 1}/4`);
      expect(s.filter((r: { kind: string }) => r.kind !== 'query' && r.kind !== 'header')).toEqual(whole.filter((r: { kind: string }) => r.kind !== 'query' && r.kind !== 'header'));
    });
  });

  it('is deterministic: the same export twice gives the same bytes', async () => {
    const again = await cli(['export-for-scoring', '--dataset', DATASET, '--task', TASK, '--shards', '4', '--out', join(dir, 'again')]);
    expect(again.code).toBe(0);
    for (const n of await readdir(join(dir, 'inputs'))) expect(await readFile(join(dir, 'again', n), 'utf8')).toBe(await readFile(join(dir, 'inputs', n), 'utf8'));
  });

  it('refuses more shards than queries, and --shards without --out DIR, in one line with exit 2', async () => {
    const many = await cli(['export-for-scoring', '--dataset', DATASET, '--task', TASK, '--shards', '241', '--out', join(dir, 'x')]);
    expect([many.code, many.err]).toEqual([2, 'fairground: --shards: 241 shards but only 240 work items to split: give at most 240 (queries)\n']);
    const noOut = await cli(['export-for-scoring', '--dataset', DATASET, '--task', TASK, '--shards', '2']);
    expect(noOut.code).toBe(2);
    expect(noOut.err).toMatch(/^fairground: --shards N writes N files: give the folder with --out DIR\n$/);
  });
});

describe('run --scores NAME=DIR (a folder of score shards)', () => {
  it('gives the same numbers, to the bit, as the unsharded file scored whole', async () => {
    const a = await cli(['run', '--dataset', DATASET, '--task', TASK, '--scores', `overlap=${join(dir, 'whole.tsv')}`, '--bootstrap', '200', '--seed', '3', '--quiet']);
    const b = await cli(['run', '--dataset', DATASET, '--task', TASK, '--scores', `overlap=${join(dir, 'scored')}`, '--bootstrap', '200', '--seed', '3', '--quiet']);
    expect(a.code, a.err).toBe(0);
    expect(b.code, b.err).toBe(0);
    expect(a.out.length).toBeGreaterThan(10_000);
    expect(numbersOf(b.out)).toEqual(numbersOf(a.out));
  }, 120_000);

  it('a gzip\'d score file gives the same numbers as the plain one', async () => {
    const a = await cli(['run', '--dataset', DATASET, '--task', TASK, '--scores', `overlap=${join(dir, 'whole.tsv')}`, '--bootstrap', '0', '--quiet']);
    const b = await cli(['run', '--dataset', DATASET, '--task', TASK, '--scores', `overlap=${join(dir, 'whole.tsv.gz')}`, '--bootstrap', '0', '--quiet']);
    expect(b.code, b.err).toBe(0);
    expect(numbersOf(b.out)).toEqual(numbersOf(a.out));
  }, 120_000);

  it('refuses a folder with a shard missing, naming it, in one line with exit 2', async () => {
    const partial = join(dir, 'partial');
    await mkdir(partial);
    for (const n of ['briefs-1-of-4.tsv', 'briefs-2-of-4.tsv.gz', 'briefs-4-of-4.tsv']) await copyFile(join(dir, 'scored', n), join(partial, n));
    const r = await cli(['run', '--dataset', DATASET, '--task', TASK, '--scores', `overlap=${partial}`, '--bootstrap', '0']);
    expect([r.code, r.err]).toEqual([2, `fairground: ${partial}: shard 3/4 missing: 3 of 4 shards given\n`]);
  });

  it('refuses a query scored in two shards, naming the query and both files, in one line with exit 2', async () => {
    const dup = join(dir, 'dup');
    await mkdir(dup);
    for (const n of ['briefs-1-of-4.tsv', 'briefs-3-of-4.tsv', 'briefs-4-of-4.tsv']) await copyFile(join(dir, 'scored', n), join(dup, n));
    // Shard 2 as its job wrote it, plus one line of a query that belongs to shard 1.
    const one = (await readFile(join(dir, 'scored', 'briefs-1-of-4.tsv'), 'utf8')).split('\n')[1];
    const two = (await readFile(join(dir, 'scored', 'briefs-3-of-4.tsv'), 'utf8')).replace('\n', `\n${one}\n`);
    await writeFile(join(dup, 'briefs-2-of-4.tsv'), two.replace(/shard:3\/4/, 'shard:2/4'));
    const query = one.split('\t')[0];
    const r = await cli(['run', '--dataset', DATASET, '--task', TASK, '--scores', `overlap=${dup}`, '--bootstrap', '0']);
    expect([r.code, r.err]).toEqual([2, `fairground: ${join(dup, 'briefs-2-of-4.tsv')}:2: query "${query}" is in two score shards, briefs-1-of-4.tsv and this one: each must be in exactly one\n`]);
  });

  it('refuses the same shard given twice', async () => {
    const twice = join(dir, 'twice');
    await mkdir(twice);
    for (const n of ['briefs-1-of-4.tsv', 'briefs-3-of-4.tsv', 'briefs-4-of-4.tsv']) await copyFile(join(dir, 'scored', n), join(twice, n));
    await copyFile(join(dir, 'scored', 'briefs-1-of-4.tsv'), join(twice, 'briefs-1-of-4-copy.tsv'));
    const r = await cli(['run', '--dataset', DATASET, '--task', TASK, '--scores', `overlap=${twice}`, '--bootstrap', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^fairground: .*briefs-1-of-4(-copy)?\.tsv(:\d+)?: (query ".+" is in two score shards|shard 1\/4 is given twice).*\n$/);
    expect(r.err.split('\n')).toHaveLength(2);
  });

  it('refuses an empty folder in one line', async () => {
    await mkdir(join(dir, 'empty'));
    const r = await cli(['run', '--dataset', DATASET, '--task', TASK, '--scores', `overlap=${join(dir, 'empty')}`, '--bootstrap', '0']);
    expect([r.code, r.err]).toEqual([2, `fairground: ${join(dir, 'empty')}: the folder holds no score shards (names starting with . or _ are left out)\n`]);
  });
});

describe('eval retrieval --run DIR and eval twins --run DIR', () => {
  it('eval retrieval on the folder of shards equals eval retrieval on the whole run, and on it gzip\'d', async () => {
    const qrels = join(DATASET, 'qrels-briefs.tsv.gz');
    const whole = await cli(['eval', 'retrieval', '--qrels', qrels, '--run', join(dir, 'run.tsv'), '--k', '10']);
    const folder = await cli(['eval', 'retrieval', '--qrels', qrels, '--run', join(dir, 'scored'), '--k', '10']);
    const gz = await cli(['eval', 'retrieval', '--qrels', qrels, '--run', join(dir, 'run.tsv.gz'), '--k', '10']);
    expect(whole.code, whole.err).toBe(0);
    expect(JSON.parse(whole.out).n_queries).toBe(240);
    expect(folder.code, folder.err).toBe(0);
    expect(JSON.parse(folder.out)).toEqual(JSON.parse(whole.out));
    expect(JSON.parse(gz.out)).toEqual(JSON.parse(whole.out));
  }, 60_000);

  it('eval retrieval names the shard and line of a malformed row in a folder', async () => {
    const bad = join(dir, 'bad');
    await mkdir(bad);
    await copyFile(join(dir, 'scored', 'briefs-1-of-4.tsv'), join(bad, 'a.tsv'));
    await writeFile(join(bad, 'b.tsv'), 'zz-q\td1\tnot-a-number\n');
    const r = await cli(['eval', 'retrieval', '--qrels', join(DATASET, 'qrels-briefs.tsv.gz'), '--run', bad]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fairground: ${join(bad, 'b.tsv')}:1: score is not a number: "not-a-number"\n`);
  });

  it('eval twins reads --run and --twin-run folders as their joined runs', async () => {
    const twins = join(dir, 'twins.jsonl');
    const { gunzipSync } = await import('node:zlib');
    await writeFile(twins, gunzipSync(await readFile(join(DATASET, 'twins-gender.jsonl.gz'))));
    const whole = await cli(['eval', 'twins', '--run', join(dir, 'run.tsv'), '--twin-run', join(dir, 'run.tsv'), '--twins', twins, '--allow-missing']);
    const folder = await cli(['eval', 'twins', '--run', join(dir, 'scored'), '--twin-run', join(dir, 'scored'), '--twins', twins, '--allow-missing']);
    expect(whole.code, whole.err).toBe(0);
    expect(folder.code, folder.err).toBe(0);
    expect(JSON.parse(folder.out)).toEqual(JSON.parse(whole.out));
  }, 60_000);
});

describe('screening: export-for-scoring --shards, then run --scores NAME=DIR', () => {
  /** A screening system on one shard: a word-overlap fit score on 0–100, the originals in every run (the run adds a fixed jitter). */
  function scorePairs(jsonl: string, separator: '\t' | ',', header: boolean): string {
    const rows = jsonl.trim().split('\n').map((l) => JSON.parse(l));
    const head = rows[0] as { provenance: string; runs: number };
    const out = [head.provenance, ...(header ? [['job', 'cv', 'variant', 'run', 'score'].join(separator)] : [])];
    for (const r of rows.slice(1) as { job_id: string; cv_id: string; variant_id: string; job_text: string; cv_text: string }[]) {
      const job = words(r.job_text);
      let shared = 0;
      for (const w of words(r.cv_text)) if (job.has(w)) shared++;
      const base = (100 * shared) / (job.size || 1);
      const runs = r.variant_id === 'orig' ? head.runs : 1;
      for (let run = 1; run <= runs; run++) out.push([r.job_id, r.cv_id, r.variant_id, run, Math.min(100, base + (run - 1) / 7)].join(separator));
    }
    return `${out.join('\n')}\n`;
  }

  it('gives the same numbers, to the bit, as the unsharded file; CSV and TSV shards, with or without a header, join', async () => {
    const d = join(dir, 'screening');
    const args = ['--dataset', 'datasets/cv-screening', '--task', 'cv-screening'];
    expect((await cli(['export-for-scoring', ...args, '--runs', '2', '--out', join(d, 'whole.jsonl')])).code).toBe(0);
    expect((await cli(['export-for-scoring', ...args, '--runs', '2', '--shards', '3', '--out', join(d, 'inputs')])).code).toBe(0);
    await writeFile(join(d, 'whole.tsv'), scorePairs(await readFile(join(d, 'whole.jsonl'), 'utf8'), '\t', true));
    await mkdir(join(d, 'scored'));
    const names = (await readdir(join(d, 'inputs'))).sort();
    expect(names).toHaveLength(3);
    for (const [i, n] of names.entries()) {
      const scored = scorePairs(await readFile(join(d, 'inputs', n), 'utf8'), i === 1 ? ',' : '\t', i !== 2);
      await writeFile(join(d, 'scored', n.replace(/\.jsonl$/, i === 1 ? '.csv' : '.tsv')), scored);
    }
    const a = await cli(['run', ...args, '--scores', `overlap=${join(d, 'whole.tsv')}`, '--runs', '2', '--bootstrap', '50', '--seed', '1', '--quiet']);
    const b = await cli(['run', ...args, '--scores', `overlap=${join(d, 'scored')}`, '--runs', '2', '--bootstrap', '50', '--seed', '1', '--quiet']);
    expect(a.code, a.err).toBe(0);
    expect(b.code, b.err).toBe(0);
    expect(a.out.length).toBeGreaterThan(1000);
    expect(numbersOf(b.out)).toEqual(numbersOf(a.out));
  }, 180_000);
});

