/**
 * `eval retrieval` in Node streams the run (RetrievalStream) and, for a run not grouped by query,
 * reads it whole: both give the same report.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';

async function evalRun(qrels: string, run: string) {
  let out = '';
  let err = '';
  const code = await main(['eval', 'retrieval', '--qrels', qrels, '--run', run, '--k', '3,10', '--metrics', 'ndcg@3,p@10,map,recall@10'], { ...nodeIo, stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
  return { code, out, err };
}

describe('eval retrieval streams a grouped run and reads an interleaved one whole', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fg-stream-'));
  const rows: string[] = [];
  for (let q = 0; q < 6; q++) for (let d = 0; d < 12; d++) rows.push(`q${q} Q0 d${(d * 7 + q) % 20} ${d + 1} ${((12 - d) / 12).toFixed(3)} t`);
  writeFileSync(join(dir, 'qrels.txt'), Array.from({ length: 6 }, (_, q) => `q${q} 0 d${q} 2\nq${q} 0 d${q + 3} 1`).join('\n') + '\n');
  writeFileSync(join(dir, 'grouped.txt'), rows.join('\n') + '\n');
  // the same lines, queries interleaved
  writeFileSync(join(dir, 'interleaved.txt'), [...rows.filter((_, i) => i % 2 === 0), ...rows.filter((_, i) => i % 2 === 1)].join('\n') + '\n');
  writeFileSync(join(dir, 'dup.txt'), `${rows[0]}\n${rows[13]}\n${rows[0]}\n`);

  it('the two readings agree to the last digit', async () => {
    const a = await evalRun(join(dir, 'qrels.txt'), join(dir, 'grouped.txt'));
    const b = await evalRun(join(dir, 'qrels.txt'), join(dir, 'interleaved.txt'));
    expect(a.err + b.err).toBe('');
    expect(JSON.parse(b.out)).toEqual(JSON.parse(a.out));
    expect(JSON.parse(a.out).n_queries).toBe(6);
  });

  it('a document repeated within a query after another query\'s lines is still refused, naming its line', async () => {
    const r = await evalRun(join(dir, 'qrels.txt'), join(dir, 'dup.txt'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/dup\.txt:3: document "d0" appears twice for query "q0"/);
  });
});
