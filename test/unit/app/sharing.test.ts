/**
 * The links the app writes pass the schema the app reads them with, for every audit kind
 * (issue 47: a permalink for every audit): a real `fairground run` result (BM25 on the bundled
 * dataset) in its summary and full links, a screening result, an outcome audit of a decisions
 * table and the multi-task scores of the example predictions each go through core/share's
 * payload → the guard → encodePermalink → openShared and come back as the same numbers at the
 * link's precision (seven significant digits, a rounding that ends in 5 kept whole; worked out here
 * with toPrecision, independently of linkNumber).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseResults, summaryOf } from '../../../src/core/audit/retrieval/results.ts';
import { runOutcomesAudit } from '../../../src/core/audit/outcomes/index.ts';
import { scorePredictionFiles } from '../../../src/core/audit/tasks/index.ts';
import { main } from '../../../src/cli/main.ts';
import { DatasetContentError } from '../../../src/core/permalink/index.ts';
import { decisionsContentStrings, filesSha256, outcomesPayload, predictionsContentStrings, tasksPayload, TICKET_SAFE_LINK_CHARS } from '../../../src/core/share/index.ts';
import { fragmentOf, guardedFragment, openShared } from '../../../src/app/results/sharing.ts';
import { memoryIo } from '../cli/memoryIo.ts';
import { fragmentOfJson } from '../core/permalink/helpers.ts';
import { multiTaskPayload, screeningPayload } from '../core/permalink/fixtures.ts';

/** A number as the link carries it: seven significant digits, unless that rounding ends in 5. */
const at7 = (v: number) => (/\.\d*5$/u.test(String(Number(v.toPrecision(7)))) ? v : Number(v.toPrecision(7)));
/** Every non-integer number as the link carries it. */
const at3 = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? at7(v) : v));
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
/** What a link carries of a results summary: everything but the group-fairness verdicts (a sentence, worded again where the link opens). */
const linked = (value: unknown) => JSON.parse(JSON.stringify(value), (k, v: unknown) => (k === 'verdict' ? undefined : v)) as unknown;

async function bm25Run() {
  const io = memoryIo({});
  const code = await main(['run', '--dataset', 'datasets/freelance-twins', '--task', 'briefs', '--model', 'bm25', '--bootstrap', '20', '--seed', '1'], io);
  expect(code, io.err).toBe(0);
  return parseResults(JSON.parse(io.out));
}

describe('fragmentOf(results, forbidden, detail) → openShared(fragment)', () => {
  it('opens the full link of a real retrieval-fairness run as the same summary numbers, to seven significant digits', async () => {
    const results = await bm25Run();
    const opened = await openShared(await fragmentOf(results, [], 'full'));
    expect(opened.ok, opened.ok ? '' : opened.error).toBe(true);
    if (!opened.ok) return;
    expect(plain(opened.results)).toEqual(at3(linked(summaryOf(results))));
    const ndcg = results.subsets[0].models[0].effectiveness!['ndcg@10']!.mean;
    expect((opened.results as typeof results).subsets[0].models[0].effectiveness!['ndcg@10']!.mean).toBe(at7(ndcg));
  }, 120_000);

  it('the summary link (the default) keeps each model’s overall numbers and leaves the per-language and per-direction tables empty', async () => {
    const results = await bm25Run();
    const fragment = await fragmentOf(results, []);
    const opened = await openShared(fragment);
    if (!opened.ok || opened.results.kind !== 'retrieval-fairness') return expect.fail(opened.ok ? opened.results.kind : opened.error);
    const [mine, theirs] = [results.subsets[0].models[0], opened.results.subsets[0].models[0]];
    expect(plain(theirs.robustness.overall)).toEqual(at3(mine.robustness.overall));
    expect(plain(theirs.effectiveness)).toEqual(at3(mine.effectiveness));
    expect(Object.keys(mine.robustness.perLang).length).toBeGreaterThan(1);
    expect([theirs.robustness.perLang, theirs.robustness.perDirection, theirs.effectivenessPerLang]).toEqual([{}, {}, {}]);
    expect(opened.payload.parameters.detail).toBe('summary');
    expect(fragment.length).toBeLessThan(TICKET_SAFE_LINK_CHARS);
    expect(fragment.length).toBeLessThan((await fragmentOf(results, [], 'full')).length / 2);
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
    const opened = await openShared(fragmentOfJson(multiTaskPayload()));
    expect(opened).toEqual({ ok: false, error: 'This link holds a “label-agreement” result, which this version of Fairground cannot show yet.' });
  });
});

describe('an outcomes link (the Outcomes view’s Share box)', () => {
  const text = ['name,race,gender,callback', ...Array.from({ length: 40 }, (_, i) => `Candidate Person${i},${i % 2 ? 'black' : 'white'},${i % 3 ? 'female' : 'male'},${i % 5 < 2 ? 1 : 0}`)].join('\n');
  const run = runOutcomesAudit({ text, fileName: 'callbacks.csv', columns: { groups: ['race', 'gender'], selected: 'callback' }, ci: { resamples: 50, seed: 1 }, createdAt: '2026-12-07T00:00:00.000Z' });

  it('opens as the same rates and impact ratios, names the file by its SHA-256 and not its name, and carries no row', async () => {
    if (!run.ok) return expect.fail(run.error);
    const forbidden = decisionsContentStrings(text, 'callbacks.csv', ['race', 'gender']);
    expect(forbidden.has('Candidate Person7')).toBe(true);
    expect(forbidden.has('black')).toBe(false);
    const fragment = await guardedFragment(outcomesPayload(run.results), forbidden);
    const opened = await openShared(fragment);
    if (!opened.ok || opened.results.kind !== 'outcomes') return expect.fail(opened.ok ? opened.results.kind : opened.error);
    expect(opened.payload.dataset).toEqual({ id: 'decisions-table', version: '', manifestSha256: run.results.source!.sha256 });
    const { source, ...rest } = run.results;
    expect(plain(opened.results.outcomes)).toEqual(at3({ ...rest, created_at: '2026-12-07', source: { bytes: source!.bytes, sha256: source!.sha256 } }));
    expect(JSON.stringify(opened.payload)).not.toContain('callbacks.csv');
    expect(fragment.length).toBeLessThan(TICKET_SAFE_LINK_CHARS);
  });

  it('is refused, in words, when a cell of the table reaches it', () => {
    if (!run.ok) return expect.fail(run.error);
    const leaky = { ...run.results, warnings: ['Candidate Person7'] };
    const forbidden = decisionsContentStrings(text, 'callbacks.csv', ['race', 'gender']);
    expect(() => guardedFragment(outcomesPayload(leaky), forbidden)).rejects.toThrow(DatasetContentError);
    return expect(guardedFragment(outcomesPayload(leaky), forbidden)).rejects.toThrow('item 1 of “results › warnings” is "Candidate Person7"');
  });
});

describe('a multi-task link (the Predictions view’s Share box)', () => {
  const dir = 'public/examples/predictions';
  const names = ['tasks.json', ...(JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8')) as { tasks: { name: string }[] }).tasks.map((t) => `${t.name}.jsonl`)];
  const files = Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n), 'utf8')]));

  it('opens as the same task, capability and Overall scores, without slices, named by the SHA-256 of its files', async () => {
    const results = await scorePredictionFiles(files, { resamples: 50, seed: 0, missing: 'benchmark' });
    const forbidden = predictionsContentStrings(files);
    expect(forbidden.size).toBeGreaterThan(50);
    const opened = await openShared(await guardedFragment(tasksPayload(results, filesSha256(files)), forbidden));
    if (!opened.ok || opened.results.kind !== 'multi-task') return expect.fail(opened.ok ? opened.results.kind : opened.error);
    const tasks = Object.fromEntries(Object.entries(results.tasks).map(([n, { slices: _s, ...t }]) => [n, t]));
    expect(plain(opened.results.tasks)).toEqual(at3({ ...results, tasks }));
    expect(opened.payload.dataset.manifestSha256).toBe(filesSha256(files));
  });
});

describe('an outcomes link of fairground eval outcomes’ output', () => {
  it('leaves out the rule in words the CLI adds (read again from the decision) and opens', async () => {
    const text = ['race,callback', ...Array.from({ length: 20 }, (_, i) => `${i % 2 ? 'black' : 'white'},${i % 3 ? 0 : 1}`)].join('\n');
    const run = runOutcomesAudit({ text, fileName: 'd.csv', columns: { groups: ['race'], selected: 'callback' } });
    if (!run.ok) return expect.fail(run.error);
    const cliOutput = { ...run.results, rule: { text: 'the selection in column "callback"', informative: true, reasons: [] } };
    const opened = await openShared(await guardedFragment(outcomesPayload(cliOutput), []));
    expect(opened.ok, opened.ok ? '' : opened.error).toBe(true);
  });
});
