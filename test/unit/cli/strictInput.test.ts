/**
 * The CLI reads its inputs by the browser importer's rules (issue 12, item 7):
 * strict UTF-8, lines of at most 8 MiB, a bound on inflation, duplicate
 * qrels refused, and control characters escaped in every message — exit 2
 * with one stderr line `file:line: what is wrong`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { createGzip, gzipSync } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { escapeControl, InputError } from '../../../src/cli/errors.ts';

let dir = '';

/** main() over the real file system, with stdout and stderr captured. */
async function cli(argv: string[]) {
  const captured = { out: '', err: '' };
  const code = await main(argv, { ...nodeIo, stdout: (t) => void (captured.out += t), stderr: (t) => void (captured.err += t) });
  return { code, ...captured };
}

const RUN = 'q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 1.0 t\n';

/** Writes `bytes` gzipped of `size` zero bytes without holding them in memory. */
async function zerosGz(path: string, size: number) {
  const chunk = Buffer.alloc(1 << 20);
  async function* zeros() {
    for (let left = size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  }
  await pipeline(Readable.from(zeros()), createGzip({ level: 1 }), createWriteStream(path));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fairground-strict-'));
  await writeFile(join(dir, 'run.trec'), RUN);
  await writeFile(join(dir, 'qrels-bad-utf8.tsv'), Buffer.concat([Buffer.from('q1\td1\t1\nq1\td'), Buffer.from([0xff, 0xfe]), Buffer.from('2\t1\n')]));
  await writeFile(join(dir, 'qrels-dup.tsv'), 'q1\td1\t1\nq1\td2\t0\nq1\td1\t2\n');
  await writeFile(join(dir, 'qrels-long.tsv'), `q1\td1\t1\nq1\t${'x'.repeat(9 * 1024 * 1024)}\t1\n`);
  await writeFile(join(dir, 'qrels-escape.tsv'), 'q1\td1\t\u001b[2J\n');
  await zerosGz(join(dir, 'zeros.gz'), 64 * 1024 * 1024);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the CLI reads inputs as strictly as the browser', () => {
  it('eval retrieval refuses invalid UTF-8 with exit 2 and file:line', async () => {
    const r = await cli(['eval', 'retrieval', '--qrels', join(dir, 'qrels-bad-utf8.tsv'), '--run', join(dir, 'run.trec')]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fairground: ${join(dir, 'qrels-bad-utf8.tsv')}:2: bytes that are not valid UTF-8\n`);
  });

  it('eval retrieval refuses a line over 8 MiB, naming the line', async () => {
    const r = await cli(['eval', 'retrieval', '--qrels', join(dir, 'qrels-long.tsv'), '--run', join(dir, 'run.trec')]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fairground: ${join(dir, 'qrels-long.tsv')}:2: line longer than the limit of 8 MiB\n`);
  });

  it('eval retrieval refuses a judged pair given twice unless --duplicates last', async () => {
    const r = await cli(['eval', 'retrieval', '--qrels', join(dir, 'qrels-dup.tsv'), '--run', join(dir, 'run.trec')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/qrels-dup\.tsv:3: query "q1" judges document "d1" again \(first on line 1\)/);
    const last = await cli(['eval', 'retrieval', '--qrels', join(dir, 'qrels-dup.tsv'), '--run', join(dir, 'run.trec'), '--duplicates', 'last']);
    expect(last.code).toBe(0);
    expect(JSON.parse(last.out).per_query.q1['p@10']).toBeCloseTo(0.1, 12);
  });

  it('a gzip that inflates to 64 MiB of zeros fails at once on its first line, memory bounded', async () => {
    const before = process.memoryUsage().rss;
    const r = await cli(['eval', 'retrieval', '--qrels', join(dir, 'zeros.gz'), '--run', join(dir, 'run.trec')]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fairground: ${join(dir, 'zeros.gz')}:1: line longer than the limit of 8 MiB\n`);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('escapes control characters of the input in the error line', async () => {
    const r = await cli(['eval', 'retrieval', '--qrels', join(dir, 'qrels-escape.tsv'), '--run', join(dir, 'run.trec')]);
    expect(r.code).toBe(2);
    expect(r.err).not.toMatch(/\u001b/);
    expect(r.err).toContain('\\x1b[2J');
    expect(r.err.split('\n')).toHaveLength(2);
  });

  it('escapeControl(text) escapes C0, DEL, C1 and line separators, and nothing else', () => {
    expect(escapeControl('a\u001b[31mb\u0007\u007f\u009b\u2028é')).toBe('a\\x1b[31mb\\x07\\x7f\\x9b\\u2028é');
    expect(new InputError('name "\u001b]0;pwned\u0007"', 'f.tsv', 3).toLine()).toBe('fairground: f.tsv:3: name "\\x1b]0;pwned\\x07"');
  });
});

describe('fairground run reads shards by the same rules', () => {
  it('a corpus shard that inflates to 64 MiB of zeros fails with file:line, not an out-of-memory crash', async () => {
    const root = join(dir, 'bomb');
    await mkdir(root, { recursive: true });
    const { readFile } = await import('node:fs/promises');
    await zerosGz(join(root, 'corpus.jsonl.gz'), 64 * 1024 * 1024);
    const corpus = await readFile(join(root, 'corpus.jsonl.gz'));
    const queries = Buffer.from('{"_id":"q1","text":"a"}\n');
    const qrels = gzipSync('q1\td1\t1\n');
    await writeFile(join(root, 'queries.jsonl'), queries);
    await writeFile(join(root, 'qrels.tsv.gz'), qrels);
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    const shards = [
      { name: 'corpus', kind: 'corpus', path: 'corpus.jsonl.gz', bytes: corpus.length, sha256: sha(corpus) },
      { name: 'queries', kind: 'queries', path: 'queries.jsonl', bytes: queries.length, sha256: sha(queries) },
      { name: 'qrels', kind: 'qrels', path: 'qrels.tsv.gz', bytes: qrels.length, sha256: sha(qrels) },
    ];
    const manifest = { id: 'bomb', version: '1', title: 'bomb', tasks: [{ type: 'retrieval', name: 's', corpus: 'corpus', queries: 'queries', qrels: 'qrels' }], shards };
    await writeFile(join(root, 'manifest.json'), JSON.stringify(manifest));
    const r = await cli(['run', '--dataset', root, '--task', 's', '--model', 'bm25', '--bootstrap', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fairground: ${join(root, 'corpus.jsonl.gz')}:1: line longer than the limit of 8 MiB\n`);
  }, 60_000);
});
