import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { withNulls } from '../../../src/cli/eval/jsonNulls.ts';
import { memoryIo } from './memoryIo.ts';

// sex: f = 3/4 selected, m = 2/4 (worked out in test/unit/core/audit/outcomes/audit.test.ts).
const CSV = ['job,id,sex,race,y,score,label', 'j1,a,f,b,1,70,1', 'j1,b,f,b,0,40,1', 'j2,c,f,w,1,65,0', 'j2,d,m,w,1,80,1', 'j3,e,m,w,0,30,0', 'j3,f,m,b,0,45,1', 'j3,g,f,w,1,60,1', 'j4,h,m,w,1,55,0', ''].join('\n');
const SYNTHETIC = readFileSync(new URL('../../fixtures/outcomes/callbacks-synthetic.csv', import.meta.url), 'utf8');

async function run(argv: string[], files: Record<string, string>) {
  const io = memoryIo(files);
  const code = await main(['eval', 'outcomes', ...argv], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

/** CSV text as TSV and as JSON Lines (the fixture has no tabs and no quoted tabs). */
function asTsv(csv: string): string {
  return csv.replace(/"([^"]*)"/g, (_, inner: string) => inner).replaceAll(',', '\t').replace(/\t Jr\./g, ', Jr.');
}

describe('fairground eval outcomes', () => {
  it('eval outcomes --decisions --group --selected prints the documented keys, missing numbers as null', async () => {
    const { code, io, json } = await run(['--decisions', 'd.csv', '--group', 'sex,race', '--selected', 'y'], { 'd.csv': CSV });
    expect(code).toBe(0);
    expect(io.err).toBe('');
    expect(Object.keys(json)).toEqual(['audit', 'decision', 'label', 'job', 'n_rows', 'n_jobs', 'small_share', 'exclude_small', 'groupings', 'warnings', 'bootstrap', 'created_at', 'source', 'rule']);
    // The report's Data section: the audit's time and the file audited (name, bytes, SHA-256 worked by Node's crypto).
    expect(Date.parse(json.created_at)).toBeGreaterThan(Date.parse('2026-01-01'));
    expect(json.source).toEqual({ name: 'd.csv', bytes: Buffer.byteLength(CSV), sha256: createHash('sha256').update(CSV).digest('hex') });
    expect(json.historical).toBeUndefined();
    expect(json.rule).toEqual({ text: 'the selection in column "y"', informative: true, reasons: [] });
    expect([json.audit, json.label, json.job, json.n_jobs, json.bootstrap]).toEqual(['outcomes', null, null, null, null]);
    expect(json.decision).toEqual({ kind: 'selected', column: 'y' });
    expect(json.groupings.map((g: { name: string }) => g.name)).toEqual(['sex', 'race', 'sex × race']);
    const sex = json.groupings[0];
    expect(sex.categories.map((c: { selection_rate: number; impact_ratio: number; four_fifths: boolean }) => [c.selection_rate, c.impact_ratio, c.four_fifths])).toEqual([[0.75, 1, false], [0.5, 0.5 / 0.75, true]]);
    expect([sex.highest, sex.demographic_parity_difference]).toEqual(['f', 0.25]);
  });

  it('eval outcomes --historical yes|no is stored as historical: true|false; anything else exits 2', async () => {
    expect((await run(['--decisions', 'd.csv', '--group', 'sex', '--selected', 'y', '--historical', 'no'], { 'd.csv': CSV })).json.historical).toBe(false);
    expect((await run(['--decisions', 'd.csv', '--group', 'sex', '--selected', 'y', '--historical', 'yes'], { 'd.csv': CSV })).json.historical).toBe(true);
    const bad = await run(['--decisions', 'd.csv', '--group', 'sex', '--selected', 'y', '--historical', 'maybe'], { 'd.csv': CSV });
    expect(bad.code).toBe(2);
    expect(bad.io.err).toBe('fairground: --historical must be yes or no, got "maybe"\n');
  });

  it('eval outcomes counts an empty group value in the category unknown', async () => {
    const { json } = await run(['--decisions', 'd.csv', '--group', 'g', '--selected', 'y'], { 'd.csv': 'g,y\nf,1\n"",0\nm,1\n' });
    expect(json.groupings[0].categories.map((c: { category: string; n: number }) => [c.category, c.n])).toEqual([['f', 1], ['m', 1], ['unknown', 1]]);
  });

  it('eval outcomes --score --cutoff selects score ≥ cutoff; --score alone gives the scoring rate above the median', async () => {
    const cut = await run(['--decisions', 'd.csv', '--group', 'sex', '--score', 'score', '--cutoff', '60'], { 'd.csv': CSV });
    // f: 70, 40, 65, 60 → 3 of 4; m: 80, 30, 45, 55 → 1 of 4
    expect(cut.json.decision).toEqual({ kind: 'cutoff', column: 'score', cutoff: 60 });
    expect(cut.json.groupings[0].categories.map((c: { selected: number }) => c.selected)).toEqual([3, 1]);
    const median = await run(['--decisions', 'd.csv', '--group', 'sex', '--score', 'score'], { 'd.csv': CSV });
    // sorted 30 40 45 55 60 65 70 80: median 57.5 → f: 70, 65, 60 above; m: 80
    expect(median.json.decision).toEqual({ kind: 'scoring-rate', column: 'score', median: 57.5 });
    expect(median.json.groupings[0].categories.map((c: { selected: number }) => c.selected)).toEqual([3, 1]);
  });

  it('eval outcomes --top-k K shortlists the K highest per job; --rate R the share R of all rows; the rule is stated and read', async () => {
    // per job: j1 70 | j2 80 | j3 60 | j4 55 → f: 70, 60; m: 80, 55 → 2 of 4 each
    const top = await run(['--decisions', 'd.csv', '--group', 'sex', '--score', 'score', '--job', 'job', '--top-k', '1'], { 'd.csv': CSV });
    expect(top.json.decision).toEqual({ kind: 'top-k', column: 'score', k: 1 });
    expect(top.json.groupings[0].categories.map((c: { selected: number }) => c.selected)).toEqual([2, 2]);
    expect(top.json.rule).toEqual({ text: 'the top 1 per job by score', informative: true, reasons: [] });
    // 25% of 8 rows: the 2 highest, 80 (m) and 70 (f)
    const rate = await run(['--decisions', 'd.csv', '--group', 'sex', '--score', 'score', '--rate', '0.25'], { 'd.csv': CSV });
    expect(rate.json.groupings[0].categories.map((c: { selected: number }) => c.selected)).toEqual([1, 1]);
    // A cut-off under every score selects everyone: the JSON says the rule is uninformative
    const all = await run(['--decisions', 'd.csv', '--group', 'sex', '--score', 'score', '--cutoff', '0'], { 'd.csv': CSV });
    expect(all.json.rule).toEqual({ text: 'score ≥ 0', informative: false, reasons: ['score ≥ 0 selects every candidate of every sex category'] });
  });

  it('eval outcomes --label --job --id --bootstrap B --seed S gives {mean, ci}, resampling jobs', async () => {
    const { json } = await run(['--decisions', 'd.csv', '--group', 'sex', '--selected', 'y', '--label', 'label', '--job', 'job', '--id', 'id', '--bootstrap', '100', '--seed', '3'], { 'd.csv': CSV });
    expect(json.bootstrap).toEqual({ resamples: 100, seed: 3, level: 0.95, unit: 'jobs', n_units: 4 });
    expect([json.label, json.job, json.n_jobs]).toEqual(['label', 'job', 4]);
    const f = json.groupings[0].categories[0];
    expect(f.selection_rate.mean).toBe(0.75);
    expect(f.selection_rate.ci).toHaveLength(2);
    expect(f.true_positive_rate.mean).toBeCloseTo(2 / 3, 15);
    expect(json.groupings[0].equalized_odds_difference.mean).toBe(0.5);
  });

  it('eval outcomes reads CSV, TSV and JSON Lines to the same numbers, by extension or --format', async () => {
    const args = ['--group', 'gender,race', '--selected', 'received_callback', '--label', 'qualified', '--job', 'job_ad_id', '--bootstrap', '50', '--seed', '1'];
    const csv = await run(['--decisions', 'd.csv', ...args], { 'd.csv': SYNTHETIC });
    const tsv = await run(['--decisions', 'd.tsv', ...args], { 'd.tsv': asTsv(SYNTHETIC) });
    const [header, ...lines] = SYNTHETIC.trim().split('\n');
    const names = header.split(',');
    const records = lines.map((l) => {
      const cells = l.match(/("[^"]*"|[^,]+)/g)!.map((c) => c.replace(/^"|"$/g, ''));
      return JSON.stringify(Object.fromEntries(names.map((n, i) => [n, /^\d+$/.test(cells[i]) && n !== 'job_ad_id' ? Number(cells[i]) : cells[i]])));
    });
    const jsonl = await run(['--decisions', 'decisions.txt', '--format', 'jsonl', ...args], { 'decisions.txt': records.join('\n') });
    expect(csv.code).toBe(0);
    // The same numbers; only the audit's time and the file read (its name, bytes, SHA-256) differ.
    const numbers = ({ created_at: _t, source: _s, ...rest }: Record<string, unknown>) => rest;
    expect(numbers(tsv.json)).toEqual(numbers(csv.json));
    expect(numbers(jsonl.json)).toEqual(numbers(csv.json));
    expect([csv.json.source.name, tsv.json.source.name, jsonl.json.source.name]).toEqual(['d.csv', 'd.tsv', 'decisions.txt']);
    expect(csv.json.n_rows).toBe(220);
  });

  it('eval outcomes exits 2 with file:line for an unknown column, a selection not 0/1, a non-finite score, a duplicate id', async () => {
    const cases: [string, string[], RegExp][] = [
      [CSV, ['--group', 'gender', '--selected', 'y'], /^fairground: d\.csv:1: unknown group column "gender"; the columns are "job", "id", "sex", "race", "y", "score", "label"\n$/],
      ['g,y\nf,1\nm,2\n', ['--group', 'g', '--selected', 'y'], /^fairground: d\.csv:3: selection "y" must be 0 or 1, got "2"\n$/],
      ['g,s\nf,1\nm,NaN\n', ['--group', 'g', '--score', 's'], /^fairground: d\.csv:3: score "s" is not a finite number: "NaN"\n$/],
      ['id,g,y\na,f,1\na,m,0\n', ['--group', 'g', '--selected', 'y', '--id', 'id'], /^fairground: d\.csv:3: candidate id "a" appears twice \(first on line 2\)\n$/],
      ['g,y\nf,1\n"m,0\n', ['--group', 'g', '--selected', 'y'], /^fairground: d\.csv:3: quoted field unterminated/],
      ['g,y\nf\n', ['--group', 'g', '--selected', 'y'], /^fairground: d\.csv:2: row has 1 cells, the header 2/],
    ];
    for (const [text, args, message] of cases) {
      const { code, io } = await run(['--decisions', 'd.csv', ...args], { 'd.csv': text });
      expect(code).toBe(2);
      expect(io.out).toBe('');
      expect(io.err).toMatch(message);
    }
  });

  it('eval outcomes exits 2 for a missing --group, both or neither of --selected and --score, --cutoff with --selected, or a bad --format', async () => {
    const bad: [string[], RegExp][] = [
      [['--selected', 'y'], /missing --group/],
      [['--group', 'sex'], /give either --selected COL or --score COL/],
      [['--group', 'sex', '--selected', 'y', '--score', 'score'], /give either --selected COL or --score COL/],
      [['--group', 'sex', '--selected', 'y', '--cutoff', '3'], /--cutoff applies to --score/],
      [['--group', 'sex', '--score', 'score', '--cutoff', 'high'], /--cutoff must be a number/],
      [['--group', 'sex', '--selected', 'y', '--top-k', '3'], /--top-k applies to --score/],
      [['--group', 'sex', '--score', 'score', '--cutoff', '3', '--top-k', '2'], /give one decision rule, not --cutoff and --top-k/],
      [['--group', 'sex', '--score', 'score', '--top-k', '0'], /--top-k must be a whole number ≥ 1/],
      [['--group', 'sex', '--score', 'score', '--rate', '20'], /--rate must be a share in \(0, 1\]/],
      [['--group', 'sex', '--selected', 'y', '--format', 'xlsx'], /--format must be one of csv, tsv, jsonl/],
      [['--group', 'sex', '--selected', 'y', '--exclude-small', 'yes'], /--exclude-small takes no value/],
    ];
    for (const [args, message] of bad) {
      const { code, io } = await run(['--decisions', 'd.csv', ...args], { 'd.csv': CSV });
      expect(code).toBe(2);
      expect(io.err).toMatch(message);
    }
  });

  it('eval outcomes --exclude-small leaves categories under 2% out of the highest rate', async () => {
    const text = ['g,y', ...Array.from({ length: 60 }, (_, i) => `big,${i % 2}`), 'tiny,1'].join('\n');
    const { json } = await run(['--decisions', 'd.csv', '--group', 'g', '--selected', 'y', '--exclude-small'], { 'd.csv': text });
    expect(json.exclude_small).toBe(true);
    expect(json.groupings[0].highest).toBe('big');
    expect(json.groupings[0].categories[1]).toMatchObject({ category: 'tiny', small: true, excluded: true });
  });

  it('withNulls(value) turns undefined into null at any depth (the @example)', () => {
    expect(withNulls({ a: undefined, b: [1, undefined] })).toEqual({ a: null, b: [1, null] });
  });
});
