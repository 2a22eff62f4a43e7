/**
 * The links the app writes pass the schema the app reads them with: a real
 * `fairground run` result (BM25 on the bundled dataset) goes through
 * payloadOf → encodePermalink → openShared and comes back as the same
 * summary; and the screening fixture opens as screening results.
 */
import { describe, expect, it } from 'vitest';
import { parseResults, summaryOf } from '../../../src/core/audit/retrieval/results.ts';
import { main } from '../../../src/cli/main.ts';
import { fragmentOf, openShared } from '../../../src/app/results/sharing.ts';
import { memoryIo } from '../cli/memoryIo.ts';
import { fragmentOfJson } from '../core/permalink/helpers.ts';
import { screeningPayload } from '../core/permalink/fixtures.ts';

describe('fragmentOf(results) → openShared(fragment)', () => {
  it('opens the link of a real retrieval-fairness run as the same summary numbers', async () => {
    const io = memoryIo({});
    const code = await main(['run', '--dataset', 'datasets/freelance-twins', '--task', 'briefs', '--model', 'bm25', '--bootstrap', '20', '--seed', '1'], io);
    expect(code, io.err).toBe(0);
    const results = parseResults(JSON.parse(io.out));
    const opened = await openShared(await fragmentOf(results, []));
    expect(opened.ok, opened.ok ? '' : opened.error).toBe(true);
    if (opened.ok) expect(JSON.parse(JSON.stringify(opened.results))).toEqual(JSON.parse(JSON.stringify(summaryOf(results))));
  }, 120_000);

  it('opens a screening link as screening results, its sample null when the link has none', async () => {
    const opened = await openShared(fragmentOfJson(screeningPayload()));
    expect(opened.ok, opened.ok ? '' : opened.error).toBe(true);
    if (opened.ok && opened.results.kind === 'screening') {
      expect(opened.results.models.map((m) => m.model.id)).toEqual(['calibrated:fairground-glove-100d', 'fairground-test/tiny-bert-cross-encoder']);
      expect(opened.results.parameters.sample).toBeNull();
    } else expect.fail('a screening result');
  });

  it('says a link of a kind it cannot show is not shown, after checking its envelope', async () => {
    const opened = await openShared(fragmentOfJson({ ...screeningPayload(), kind: 'multi-task', results: { tasks: [] } }));
    expect(opened).toEqual({ ok: false, error: 'This link holds a “multi-task” result, which this version of Fairground cannot show yet.' });
  });
});
