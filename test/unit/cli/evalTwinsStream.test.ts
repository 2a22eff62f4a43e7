/**
 * `eval twins` in Node streams the run (TwinStream); an io without line streams (memoryIo) reads
 * every file whole, as the command always did. Both must print the same bytes: the same report,
 * and the same one-line refusal.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/command.ts';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { memoryIo } from './memoryIo.ts';

const dir = mkdtempSync(join(tmpdir(), 'fg-twins-stream-'));
const files: Record<string, string> = {};
const put = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  files[path] = text;
  return path;
};

/** A seeded run (TREC), its twin run and twin records: tied scores, two directions, three languages, some twins unscored. */
function seeded(seed: number) {
  const rng = createRng(seed);
  const grid = () => (Math.round(rng.next() * 8) / 8).toString();
  const twins: string[] = [];
  for (let d = 0; d < 60; d += 2) {
    const female = rng.next() < 0.5;
    twins.push(JSON.stringify({ id: `d${d}`, twin_id: `t${d}`, twin_text: '…', group: female ? 'female' : 'male', twin_group: female ? 'male' : 'female', lang: ['en', 'fr', 'sv'][d % 3] }));
  }
  const run: string[][] = [];
  const twinRun: string[] = [];
  const unscored: string[] = [];
  for (let q = 0; q < 20; q++) {
    const rows: string[] = [];
    const docs = new Set<number>();
    const n = 2 + Math.floor(rng.next() * 40);
    while (docs.size < n) docs.add(Math.floor(rng.next() * 60));
    for (const d of docs) {
      rows.push(`q${q} Q0 d${d} 1 ${grid()} sys`);
      if (d % 2 === 1) continue;
      if (rng.next() < 0.1) unscored.push(`q${q}/t${d}`);
      else twinRun.push(`q${q} Q0 t${d} 1 ${grid()} sys`);
    }
    run.push(rows);
  }
  return { run, twinRun: twinRun.join('\n') + '\n', twins: twins.join('\n') + '\n', unscored };
}

async function evalTwins(io: CliIo, run: string, twinRun: string, twins: string, extra: string[] = []) {
  let out = '';
  let err = '';
  const code = await main(['eval', 'twins', '--run', run, '--twin-run', twinRun, '--twins', twins, ...extra], { ...io, stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
  return { code, out, err };
}

/** The command over nodeIo (streamed) and over the same files in memory (read whole): the same bytes out, the same words on stderr. */
async function bothReadings(run: string, twinRun: string, twins: string, extra: string[] = []) {
  const streamed = await evalTwins(nodeIo, run, twinRun, twins, extra);
  const whole = await evalTwins(memoryIo(files), run, twinRun, twins, extra);
  expect(streamed).toEqual(whole);
  return streamed;
}

describe('eval twins streams the run and prints what the whole-file reading prints', () => {
  const { run, twinRun, twins, unscored } = seeded(3);
  const grouped = put('run.trec', run.map((rows) => rows.join('\n')).join('\n') + '\n');
  const twinRunFile = put('twin-run.trec', twinRun);
  const twinsFile = put('twins.jsonl', twins);

  it('the same report, byte for byte, with --allow-missing, at two cut-offs, with a bootstrap', async () => {
    for (const extra of [['--k', '10'], ['--k', '3', '--groups', 'male,female'], ['--k', '5', '--bootstrap', '200', '--seed', '4']]) {
      const r = await bothReadings(grouped, twinRunFile, twinsFile, ['--allow-missing', ...extra]);
      expect(r.code, r.err).toBe(0);
      expect(Object.keys(JSON.parse(r.out).per_lang)).toEqual(['en', 'fr', 'sv']);
    }
  });

  it('streams: the run is never read whole (an io whose readText refuses it gives the same report)', async () => {
    const noWholeRun: CliIo = { ...nodeIo, readText: (p) => (p === grouped ? Promise.reject(new Error('read whole')) : nodeIo.readText(p)) };
    const streamed = await evalTwins(noWholeRun, grouped, twinRunFile, twinsFile, ['--allow-missing']);
    expect(streamed).toEqual(await evalTwins(memoryIo(files), grouped, twinRunFile, twinsFile, ['--allow-missing']));
  });

  it('refuses the unscored twins of ranked documents with the same listing, then the undeclared twin-run ids', async () => {
    expect(unscored.length).toBeGreaterThan(5);
    const missing = await bothReadings(grouped, twinRunFile, twinsFile);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`fairground: ${twinRunFile}: twins of ranked documents have no score (query/twin): ${unscored.length} (${unscored.slice(0, 5).map((u) => JSON.stringify(u)).join(', ')}, …); score them, or pass --allow-missing to leave those documents out of S\n`);
    const complete = put('twin-run-complete.trec', twinRun + unscored.map((u) => `${u.split('/')[0]} Q0 ${u.split('/')[1]} 1 0.5 sys`).join('\n') + '\nq1 Q0 zz 1 0.5 sys\n');
    const undeclared = await bothReadings(grouped, complete, twinsFile);
    expect(undeclared.err).toBe(`fairground: ${complete}: twin-run ids that no twin record declares: 1 ("zz"); pass --allow-missing to ignore them\n`);
  });

  it('a run not grouped by query, or gzip\'d, gives the grouped run\'s report', async () => {
    const interleaved = put('interleaved.trec', run.flatMap((rows, q) => (q % 2 === 0 ? rows : [])).join('\n') + '\n' + run.flatMap((rows, q) => (q % 2 === 1 ? rows : [])).join('\n') + '\n');
    const want = await bothReadings(grouped, twinRunFile, twinsFile, ['--allow-missing']);
    const inter = await bothReadings(interleaved, twinRunFile, twinsFile, ['--allow-missing']);
    // the interleaved run lists its queries in another order: the same per-query values, means summed in another order
    const [a, b] = [JSON.parse(inter.out), JSON.parse(want.out)];
    expect(a.per_query).toEqual(b.per_query);
    for (const [key, value] of Object.entries(b.mean)) expect(a.mean[key], key).toBeCloseTo(value as number, 12);
    const gz = join(dir, 'run.trec.gz');
    writeFileSync(gz, gzipSync(files[grouped]));
    expect((await evalTwins(nodeIo, gz, twinRunFile, twinsFile, ['--allow-missing'])).out).toBe(want.out);
  });

  it('a TSV line ending in a tab, which only parseRun reads, is read as before', async () => {
    const tsv = (text: string) => text.trim().split('\n').map((l) => { const f = l.split(' '); return `${f[0]}\t${f[2]}\t${f[4]}`; });
    const lines = tsv(files[grouped]);
    lines[7] += '\t';
    const r = await bothReadings(put('trailing-tab.tsv', lines.join('\n') + '\n'), put('twin-run.tsv', tsv(twinRun).join('\n') + '\n'), twinsFile, ['--allow-missing']);
    expect(r.code, r.err).toBe(0);
  });

  it('refusals in the whole-file reading\'s order and words: the run\'s line, then the twin run\'s, then the twin records\'', async () => {
    const badRun = put('bad-run.trec', files[grouped].replace(/^(q3 Q0 \S+ 1) \S+/m, '$1 x'));
    const badTwinRun = put('bad-twin-run.trec', twinRun.replace(/^(\S+ Q0 \S+ 1) \S+/m, '$1 NaN'));
    const badTwins = put('bad-twins.jsonl', twins + '{"id": "d99"\n');
    const dup = put('dup.trec', files[grouped] + run[0][0] + '\n');
    const runFirst = await bothReadings(badRun, badTwinRun, badTwins);
    expect(runFirst.err).toMatch(/bad-run\.trec:\d+: score is not a number: "x"\n$/);
    expect((await bothReadings(grouped, badTwinRun, badTwins)).err).toMatch(/bad-twin-run\.trec:1: score is not a number: "NaN"\n$/);
    expect((await bothReadings(grouped, twinRunFile, badTwins)).err).toMatch(/bad-twins\.jsonl:31: /);
    expect((await bothReadings(dup, twinRunFile, twinsFile, ['--allow-missing'])).err).toMatch(/dup\.trec:\d+: document "d\d+" appears twice for query "q0"\n$/);
  });
});
