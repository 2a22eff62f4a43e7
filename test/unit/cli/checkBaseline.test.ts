/**
 * `fairground check --baseline B`: a baseline of another dataset, another kind of audit or another
 * task is refused (exit 2, one line naming both), never gated against a row of something else.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { screeningAudit } from '../../../src/core/audit/screening/audit.ts';
import { model, results, SHA_B } from '../core/audit/compare/fixtures.ts';
import { HEADER, MODEL_A, OPTIONS, PARTS } from '../core/audit/screening/tinyScreening.ts';
import { memoryIo } from './memoryIo.ts';

const run = (options: Parameters<typeof results>[1] = {}) => JSON.stringify(results([model('bm25', [0.5, 0.7], [2, 4])], options));
const screening = (task = 'cv-screening') => JSON.stringify(screeningAudit(PARTS, [MODEL_A], { reference: OPTIONS.reference, bootstrap: 0 }, { ...HEADER, task }));

async function check(files: Record<string, string>, rule = 'rank_shift<=baseline+2') {
  const io = memoryIo(files);
  const code = await main(['check', '--results', 'r.json', '--baseline', 'b.json', '--require', rule], io);
  return { code, err: io.err };
}

describe('fairground check --baseline', () => {
  it('gates against a baseline of the same dataset version and task (exit 0)', async () => {
    expect((await check({ 'r.json': run(), 'b.json': run() })).code).toBe(0);
  });

  it('exits 2 with one line naming both datasets for a baseline of another dataset id', async () => {
    const { code, err } = await check({ 'r.json': run(), 'b.json': run({ id: 'other', version: '2.0.0', sha: SHA_B }) });
    expect(code).toBe(2);
    expect(err).toBe('fairground: the baseline is on dataset other 2.0.0; the results are on twins 1.0.0: a baseline must be the same kind of audit on the same dataset and task (--baseline b.json, --results r.json)\n');
  });

  it('exits 2 for a baseline of another version of the same dataset, even with a numeric rule', async () => {
    const { code, err } = await check({ 'r.json': run(), 'b.json': run({ version: '1.1.0', sha: SHA_B }) }, 'ndcg@10>=0.1');
    expect(code).toBe(2);
    expect(err).toMatch(/^fairground: the baseline is on dataset twins 1\.1\.0; the results are on twins 1\.0\.0: /);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
  });

  it('exits 2 for a screening baseline of retrieval results, saying which kind each is (not "does not report")', async () => {
    const { code, err } = await check({ 'r.json': run(), 'b.json': screening() }, 'ndcg@10>=baseline');
    expect(code).toBe(2);
    expect(err).toBe('fairground: the baseline is a screening audit; the results are a retrieval-fairness audit: a baseline must be the same kind of audit on the same dataset and task (--baseline b.json, --results r.json)\n');
  });

  it('exits 2 for a baseline of another task on the same dataset (retrieval and screening alike)', async () => {
    const r = await check({ 'r.json': run(), 'b.json': run({ task: 'jobs' }) });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^fairground: the baseline audits task "jobs \/ gender-briefs"; the results audit "briefs \/ gender-briefs", which it does not: /);
    const s = await check({ 'r.json': screening('cv-screening'), 'b.json': screening('other-screening') }, 'icc>=baseline');
    expect(s.code).toBe(2);
    expect(s.err).toMatch(/^fairground: the baseline audits task "other-screening"; the results audit "cv-screening", which it does not: /);
  });
});
