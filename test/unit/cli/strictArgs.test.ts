/**
 * A strict command line (issue 15, item 8): every command declares its
 * options and Node's parser (node:util parseArgs, strict) refuses any other,
 * with the nearest declared one suggested — exit 2, one stderr line.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { parseCommandArgs, suggestOption } from '../../../src/cli/strictArgs.ts';
import { memoryIo } from './memoryIo.ts';

const QRELS = 'q1\td1\t2\nq1\td2\t1\n';
const RUN = 'q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 1.0 t\n';

async function cli(argv: string[]) {
  const io = memoryIo({ 'q.tsv': QRELS, 'r.trec': RUN });
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

describe('fairground refuses what it does not know', () => {
  it('eval retrieval --thresold 2 is an error naming --threshold, not a silent run at τ = 1', async () => {
    const r = await cli(['eval', 'retrieval', '--qrels', 'q.tsv', '--run', 'r.trec', '--thresold', '2']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('fairground: unknown option --thresold (did you mean --threshold?); see --help\n');
    expect(r.out).toBe('');
  });

  it('run --kk 20 suggests --k; an option no command has suggests nothing', async () => {
    const kk = await cli(['run', '--dataset', 'x', '--task', 't', '--model', 'bm25', '--kk', '20']);
    expect(kk.err).toMatch(/unknown option --kk \(did you mean --k\?\)/);
    const odd = await cli(['eval', 'twins', '--run', 'r.trec', '--zebra', '1']);
    expect(odd.code).toBe(2);
    expect(odd.err).toBe('fairground: unknown option --zebra; see --help\n');
  });

  it('a value-taking option without its value is an error naming it', async () => {
    expect((await cli(['eval', 'retrieval', '--qrels', 'q.tsv', '--run'])).err).toBe('fairground: --run needs a value\n');
    expect(() => parseCommandArgs(['--out=x', '--help=yes'], {})).toThrow('--help takes no value');
  });

  it('reads --seed -5 as a negative value and --model a --model b as two values', () => {
    const args = parseCommandArgs(['--seed', '-5', '--model', 'a', '--model=b'], { seed: { type: 'string' }, model: { type: 'string', multiple: true } });
    expect(args.options.get('seed')).toBe('-5');
    expect(args.repeated?.get('model')).toEqual(['a', 'b']);
  });

  it('eval retrieval still runs with its declared options, and eval --help lists the eval kinds', async () => {
    const r = await cli(['eval', 'retrieval', '--qrels', 'q.tsv', '--run', 'r.trec', '--k', '2', '--threshold', '1']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).n_queries).toBe(1);
    const help = await cli(['eval', '--help']);
    expect(help.code).toBe(0);
    for (const kind of ['retrieval', 'twins', 'classification', 'consistency', 'screening-bias', 'tasks']) expect(help.out).toContain(`  ${kind}`);
    expect((await cli(['eval', 'twins', '--help'])).out).toMatch(/Options: --run --twin-run --twins --k --groups --allow-missing --bootstrap --seed/);
  });

  it('an unknown command says so and exits 2, with --help too (issue 48: eval nosuch --help printed the general help, exit 0)', async () => {
    const evalKind = await cli(['eval', 'nosuch', '--help']);
    expect(evalKind.code).toBe(2);
    expect(evalKind.out).toBe('');
    expect(evalKind.err).toMatch(/^fairground: unknown command "eval nosuch": the eval kinds are retrieval, .*; see fairground eval --help\n$/);
    const top = await cli(['nosuch', '--help']);
    expect(top.code).toBe(2);
    expect(top.err).toBe('fairground: unknown command "nosuch"; see fairground --help\n');
    expect((await cli(['--help'])).code).toBe(0);
    expect((await cli([])).code).toBe(2);
  });

  it('a JSON file that is not JSON is one line naming the file, no literal \\x0a of the runtime\'s quote of it (issue 48)', async () => {
    const io = memoryIo({ 'r.json': 'id,text\na,hello\n', 'rules.json': '{"a": 1,\n"b" 2}' });
    expect(await main(['report', '--results', 'r.json', '--out', 'x.html'], io)).toBe(2);
    expect(io.err).toBe("fairground: r.json: not JSON: Unexpected token 'i'\n");
    const io2 = memoryIo({ 'rules.json': '{"a": 1,\n"b" 2}', 'r.json': '{}' });
    expect(await main(['check', '--results', 'r.json', '--rules', 'rules.json'], io2)).toBe(2);
    expect(io2.err).toBe('fairground: rules.json:2: not JSON: Unexpected number\n');
  });

  it('suggestOption(name, known) picks the nearest within 2 edits or a prefix, else nothing', () => {
    expect(suggestOption('thresold', ['threshold', 'k'])).toBe('threshold');
    expect(suggestOption('boot', ['bootstrap', 'seed'])).toBe('bootstrap');
    expect(suggestOption('qrles', ['qrels', 'run'])).toBe('qrels');
    expect(suggestOption('zebra', ['qrels', 'run'])).toBeUndefined();
  });

  it('run without --task lists the dataset’s tasks', async () => {
    const r = await cli(['run', '--dataset', 'datasets/freelance-twins', '--model', 'bm25']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('fairground: missing --task; this dataset has briefs (retrieval), queries (retrieval), gender-briefs (twins), gender-queries (twins)\n');
  });
});

describe('eval retrieval --metrics', () => {
  // q1 ranks d1 (grade 2) first and d2 (grade 1) second; both relevant at τ = 1.
  it('--metrics ndcg@2,P@1,map reports just those, with uncut MAP equal to map@k at the run’s length', async () => {
    const r = await cli(['eval', 'retrieval', '--qrels', 'q.tsv', '--run', 'r.trec', '--k', '1,2', '--metrics', 'ndcg@2,P@1,map']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(Object.keys(out.mean)).toEqual(['ndcg@2', 'p@1', 'map']);
    expect(out.mean.map).toBe(1); // AP = (1/1 + 2/2) / 2
    const all = JSON.parse((await cli(['eval', 'retrieval', '--qrels', 'q.tsv', '--run', 'r.trec', '--k', '2'])).out);
    expect(out.mean.map).toBe(all.mean['map@2']);
  });

  it('--metrics with an unknown name lists the ones there are', async () => {
    const r = await cli(['eval', 'retrieval', '--qrels', 'q.tsv', '--run', 'r.trec', '--k', '10', '--metrics', 'ndcg@5']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('fairground: --metrics: unknown metric "ndcg@5"; with these cut-offs there are ndcg@10, p@10, mrr@10, recall@10, map@10\n');
  });
});
