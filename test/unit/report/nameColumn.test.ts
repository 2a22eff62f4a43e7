/**
 * Issue 47, item 1: a screening report of a `make-dataset` package whose CVs CSV has a `name`
 * column — the ordinary case — was refused: the guard matched the results' own key `name` (of a
 * grouping) against the records' field name `name`. The guard matches values of the data, never
 * the results' structure: the report and the link are made, and the candidates' names are in
 * neither.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';

async function cli(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { ...nodeIo, stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

const NAMES = ['Quillon Abernathy-Voss', 'Marisol Teixeira-Lund', 'Okonkwo Halvorsen', 'Priyanka Zellweger'];

describe('a screening report of candidates whose CVs CSV has a name column', () => {
  it('is written, with its link, and holds none of the names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fg-name-column-'));
    const cvs = join(dir, 'cvs.csv');
    const rows = NAMES.map((n, i) => `c${i + 1},"${n}","${n} is a software developer with ${3 + i} years of Python, Kubernetes and PostgreSQL; ${i % 2 ? 'she' : 'he'} led a team of four.",en`);
    writeFileSync(cvs, `id,name,text,lang\n${rows.join('\n')}\n`);
    const jobs = join(dir, 'jobs.csv');
    writeFileSync(jobs, 'id,text\ndev,"Software developer (Python, Kubernetes, PostgreSQL)"\nops,"Site reliability engineer (Kubernetes, Linux)"\n');
    const pkg = join(dir, 'pkg');
    const made = await cli(['make-dataset', '--cvs', cvs, '--jobs', jobs, '--lang', 'en', '--seed', '1', '--id', 'mine', '--out', pkg]);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    const results = join(dir, 'results.json');
    const run = await cli(['run', '--dataset', pkg, '--task', 'screening', '--model', 'calibrated:fairground-glove-100d', '--bootstrap', '50', '--seed', '1', '--quiet', '--out', results]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const stored = readFileSync(results, 'utf8');
    expect(stored).toContain('"groupings"');
    const report = join(dir, 'report.html');
    const r = await cli(['report', '--results', results, '--dataset', pkg, '--out', report]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const html = readFileSync(report, 'utf8');
    expect(html).toContain('#r=');
    for (const name of NAMES) for (const part of name.split(/[ -]/u)) expect(html, part).not.toContain(part);
  }, 120_000);
});
