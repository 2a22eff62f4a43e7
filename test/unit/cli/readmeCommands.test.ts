/**
 * Every `fairground …` and `node dist-cli/fairground.js …` command of the code blocks of README.md,
 * docs/cli.md and docs/compare.md, run as written (in-process, `main` over the Node io) in a fresh
 * folder holding the files they read: the ones an earlier command of the docs writes (results.json,
 * v1.json, mine.zip, …) and small hand-made ones for the rest. Relative paths are read from that
 * folder, or from the repository (datasets/, test/fixtures/) where the folder has no such file —
 * the words are otherwise passed unchanged. A command passes when it exits 0 (`check`: 0 or 1, a
 * gate that fails is an answer, not an error).
 *
 * Not run, each for the reason given in SKIPPED: usage synopses (`[--k 10]`, `F|DIR`), commands on
 * the reader's own files or on the network, and one too slow for the unit suite.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { screeningAudit } from '../../../src/core/audit/screening/audit.ts';
import { HEADER, MODEL_A, PARTS } from '../core/audit/screening/tinyScreening.ts';
import { docCommands, type DocCommand } from './docCommands.ts';

const REPO = resolve(import.meta.dirname, '../../..');
const DOCS = ['docs/compare.md', 'README.md', 'docs/cli.md'];

/** Commands left out, by their text as written, and why. */
const SKIPPED: Readonly<Record<string, string>> = {
  'fairground run --dataset ./my-dataset --task test --model ./models/my-e5-onnx': "placeholders: the reader's own dataset and ONNX model folder",
  'fairground run --dataset hf:mteb/scifact@<commit> --task test --model bm25': 'reads the Hugging Face Hub (network), at a placeholder commit',
  'fairground run --dataset datasets/freelance-twins --task briefs --model bm25 --scores mine=scores.tsv':
    "scores.tsv is the reader's system's output (`python my_system.py`, the line before): every twin and original scored for every query, 400,000 rows",
  'fairground run --dataset datasets/cv-screening --task cv-screening --model calibrated:fairground-glove-100d,test/fixtures/models/hub/fairground-test/tiny-bert-cross-encoder --runs 7 --bootstrap 2000 --seed 0':
    'a cross-encoder over the bundled cv-screening set 7 times: about 50 s on the 2-core machine (runZippedScreening.test.ts runs a screening task through the CLI)',
};

/** Options whose value is a path (or a list of model ids and folders), rewritten to an absolute path where the file is found. */
const PATH_OPTIONS = new Set(['dataset', 'results', 'baseline', 'candidate', 'qrels', 'run', 'twin-run', 'twins', 'pred', 'tune', 'reference-scores', 'scores', 'predictions', 'decisions', 'labels', 'cvs', 'jobs', 'model', 'rules', 'outcomes', 'tasks', 'a', 'b']);
/** Options naming a file the command writes. */
const OUT_OPTIONS = new Set(['out', 'write-run', 'per-query']);

/** A usage synopsis, not a command: optional parts in brackets, alternatives, ellipses. */
const isSynopsis = (c: DocCommand) => c.argv.some((w) => /^[[(]/u.test(w) || w.includes('…') || w.includes('|'));

/** The words with every relative path that exists in `dir` (else in the repository) made absolute; outputs into `dir`. */
function absolutePaths(argv: readonly string[], dir: string): string[] {
  const found = (p: string) => (existsSync(join(dir, p)) ? join(dir, p) : existsSync(join(REPO, p)) ? join(REPO, p) : p);
  return argv.map((w, i) => {
    const option = /^--(.+)$/u.exec(argv[i - 1] ?? '')?.[1];
    if (option === undefined || w.startsWith('-')) return w;
    if (OUT_OPTIONS.has(option)) {
      mkdirSync(dirname(join(dir, w)), { recursive: true });
      return join(dir, w);
    }
    if (!PATH_OPTIONS.has(option)) return w;
    return w
      .split(',')
      .map((piece) => {
        const named = /^([\w.-]+)=(.+)$/u.exec(piece);
        return named ? `${named[1]}=${found(named[2])}` : found(piece);
      })
      .join(',');
  });
}

const tsv = (...rows: (string | number)[][]) => `${rows.map((r) => r.join('\t')).join('\n')}\n`;
const jsonl = (...rows: object[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

/** The files the docs' commands read that no earlier command writes: small, hand-made. */
function writeFixtures(dir: string): void {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const qrels = 'query-id\tcorpus-id\tscore\nq1\td2\t1\nq2\td9\t2\nq3\td1\t2\n';
  const trec = 'q1 Q0 d1 1 3 sys\nq1 Q0 d2 2 2 sys\nq1 Q0 d3 3 2 sys\nq3 Q0 d1 1 5 sys\n';
  write('qrels.tsv', qrels);
  write('run.trec', trec);
  write('qrels/test.tsv', qrels);
  write('bm25.trec', trec);
  // eval twins: d1 (female) and d4 (male) and their twins, all scored for q1
  write('run.tsv', 'q1\td1\t4\nq1\td2\t3\nq1\td3\t2\nq1\td4\t1\n');
  write('twin-run.tsv', 'q1\tt1\t0\nq1\tt4\t5\n');
  write('twins-gender.jsonl', jsonl({ id: 'd1', twin_id: 't1', twin_text: '…', group: 'female', twin_group: 'male', lang: 'en' }, { id: 'd4', twin_id: 't4', twin_text: '…', group: 'male', twin_group: 'female', lang: 'en' }));
  const pred = tsv(['id', 'group', 'label', 'score'], ['a', 'j1', 1, 90], ['b', 'j1', 0, 60], ['c', 'j1', 1, 40], ['d', 'j2', 0, 70], ['e', 'j2', 1, 70], ['f', 'j2', 0, 10]);
  write('test.tsv', pred);
  write('tune.tsv', pred);
  write('model.tsv', pred);
  write('baseline.tsv', tsv(['id', 'group', 'label', 'score'], ['a', 'j1', 1, 90], ['b', 'j1', 0, 20], ['c', 'j1', 1, 80], ['d', 'j2', 0, 30], ['e', 'j2', 1, 85], ['f', 'j2', 0, 10]));
  write('repeated.tsv', tsv(['job', 'cv', 'run', 'score'], ...['a', 'b', 'c', 'd', 'e', 'f'].flatMap((cv, i) => [['j1', cv, 'r1', 10 - i], ['j1', cv, 'r2', i === 4 ? 5 : 10 - i]])));
  const bias = (cv: string, variant: string, attribute: string, group: string, signal: string, score: number) => ['j1', cv, variant, attribute, group, signal, '-', score];
  write(
    'variants.tsv',
    tsv(
      ['job', 'cv', 'variant', 'attribute', 'group', 'signal', 'name', 'score'],
      ...[['a', 80, 65, 80, 79, 70, 75], ['b', 70, 85, 75, 70, 72, 68], ['c', 60, 60, 50, 90, 55, 61]].flatMap(([cv, orig, f, m, ws, w, b]) => [
        bias(cv as string, 'orig', '-', '-', '-', orig as number),
        bias(cv as string, `${cv}-f`, 'gender', 'female', 'explicit', f as number),
        bias(cv as string, `${cv}-m`, 'gender', 'male', 'explicit', m as number),
        bias(cv as string, `${cv}-w`, 'ethnicity', 'white', 'explicit', w as number),
        bias(cv as string, `${cv}-b`, 'ethnicity', 'black', 'explicit', b as number),
        bias(cv as string, `${cv}-ws`, 'noise', 'whitespace', '-', ws as number),
      ]),
    ),
  );
  const predictions = {
    'tasks.json': JSON.stringify({ tasks: [{ name: 'summary', kind: 'generation', capability: 'Generation' }, { name: 'shortlist', kind: 'ranking', capability: 'Ranking' }] }),
    'summary.jsonl': jsonl({ id: 1, prediction: 'abcd', reference: 'abed' }),
    'shortlist.jsonl': jsonl({ id: 'g1', prediction: ['b', 'a'], reference: 'a', candidates: ['a', 'b'] }),
  };
  for (const folder of ['my-model-predictions', 'model-a', 'model-b']) for (const [name, text] of Object.entries(predictions)) write(`${folder}/${name}`, text);
  copyFileSync(join(REPO, 'test/fixtures/outcomes/callbacks-synthetic.csv'), join(dir, 'resume.csv'));
  write('label_interaction.csv', 'jd_id,resume_id,hr_id,score\nj1,r1,h1,6\nj1,r1,h2,7\nj1,r2,h1,3\nj1,r2,h2,5\nj2,r3,h1,8\nj2,r3,h3,2\n');
  // make-dataset's own CVs and job posts
  mkdirSync(join(dir, 'my-cvs'));
  copyFileSync(join(REPO, 'test/fixtures/documents/bram.md'), join(dir, 'my-cvs/bram.md'));
  write('my-cvs/carla.txt', 'Name: Carla Mendes\nShe is a software developer; her team ships Python and Kubernetes services.\n');
  write('jobs.csv', 'id,text\nicu,"Intensive care nurse, Utrecht"\ndev,"Software developer (Python, Kubernetes)"\n');
  // a screening results file (check --results screening.json): the tiny screening fixture, with validity and outcomes
  write('screening.json', JSON.stringify(screeningAudit(PARTS, [MODEL_A], { reference: { gender: 'male' }, bootstrap: 50, seed: 1 }, HEADER)));
}

const commands = DOCS.flatMap((doc) => docCommands(doc, readFileSync(join(REPO, doc), 'utf8')));

describe('the commands of README.md, docs/cli.md and docs/compare.md', () => {
  it('finds the commands, among them README’s make-dataset and zipped screening run', () => {
    expect(commands.length).toBeGreaterThan(40);
    expect(commands.map((c) => c.text)).toContain('node dist-cli/fairground.js run --dataset mine.zip --task screening --model calibrated:fairground-glove-100d');
    // every skip names a command the docs still have
    for (const text of Object.keys(SKIPPED)) expect(commands.map((c) => c.text), text).toContain(text);
  });

  it('runs every command as written, in order, in one folder (exit 0; check 0 or 1)', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fg-docs-'));
    writeFixtures(dir);
    const failures: string[] = [];
    let ran = 0;
    for (const c of commands) {
      if (isSynopsis(c) || Object.hasOwn(SKIPPED, c.text)) continue;
      let err = '';
      const io = { ...nodeIo, isTerminal: false, stdout: () => {}, stderr: (t: string) => void (err += t) };
      const code = await main(absolutePaths(c.argv, dir), io);
      ran++;
      const ok = code === 0 || (c.argv[0] === 'check' && code === 1);
      if (!ok) failures.push(`${c.doc}:${c.line} exit ${code}: ${c.text}\n  ${err.trim().split('\n').slice(-3).join('\n  ')}`);
    }
    expect(failures).toEqual([]);
    expect(ran).toBe(commands.filter((c) => !isSynopsis(c)).length - Object.keys(SKIPPED).length);
    expect(ran).toBeGreaterThan(25);
    // what the commands wrote, for the commands after them
    for (const file of ['results.json', 'results/briefs.json', 'v1.json', 'v2.json', 'mine.zip', 'report.html', 'to-score.jsonl']) expect(existsSync(join(dir, file)), file).toBe(true);
  });
});
