/**
 * `fairground make-dataset` on real files in a temporary folder: a PDF, a Markdown CV and a CSV
 * of job posts become a dataset package that parses, audits, and is byte-identical run to run.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { parseManifest } from '../../../src/core/formats/manifest.ts';
import { unzipPackage } from '../../../src/core/package/zipPackage.ts';
import type { CliIo } from '../../../src/cli/command.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/documents');

function workspace(): { dir: string; cvs: string; jobs: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fg-make-'));
  const cvs = join(dir, 'cvs');
  mkdirSync(cvs);
  copyFileSync(join(FIXTURES, 'anna.pdf'), join(cvs, 'anna.pdf'));
  copyFileSync(join(FIXTURES, 'bram.md'), join(cvs, 'bram.md'));
  writeFileSync(join(cvs, 'carla.txt'), 'Name: Carla Mendes\nShe is a software developer; her team ships Python and Kubernetes services.\n');
  const jobs = join(dir, 'jobs.csv');
  writeFileSync(jobs, 'id,text\nicu,"Intensive care nurse, Utrecht"\ndev,"Software developer (Python, Kubernetes)"\n');
  return { dir, cvs, jobs };
}

function captureIo(): CliIo & { out: string; err: string } {
  const io = { ...nodeIo, out: '', err: '', stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

async function make(args: string[]) {
  const io = captureIo();
  const code = await main(['make-dataset', ...args], io);
  return { code, io };
}

const files = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f))]));

describe('fairground make-dataset', () => {
  it('writes a package of the CVs, job posts and their variants, with the counts in the manifest', async () => {
    const w = workspace();
    const out = join(w.dir, 'pkg');
    const { code, io } = await make(['--cvs', w.cvs, '--jobs', w.jobs, '--lang', 'en', '--seed', '5', '--id', 'mine', '--out', out]);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const summary = JSON.parse(io.out);
    expect(summary).toMatchObject({ dataset: 'mine', cvs: 3, jobs: 2 });
    const manifest = parseManifest(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')));
    expect(manifest.generation).toMatchObject({ seed: 5, generated: summary.variants.generated, accepted: summary.variants.generated, rejected: 0 });
    expect(manifest.tasks.map((t) => t.name)).toEqual(['screening', 'jobs', 'gender']);
    const cvs = gunzipSync(readFileSync(join(out, 'cvs.jsonl.gz'))).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(cvs.map((c) => c._id)).toEqual(['anna', 'bram', 'carla']);
    // the screening task's CV is its neutral base (the name gone); the retrieval corpus keeps the CV as imported
    expect(cvs[0].text).toMatch(/^Registered nurse/);
    expect(cvs[0].meta).toMatchObject({ neutral_base: true });
    const corpus = gunzipSync(readFileSync(join(out, 'corpus.jsonl.gz'))).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(corpus[0].text).toMatch(/^Anna Jansen\nRegistered nurse/);
    expect(manifest.generation?.settings).toEqual({
      neutralise: true, names: 'insert', names_per_group: 2, attributes: ['gender', 'ethnicity', 'origin'],
      gender_names_ethnicity: 'white', other_names_gender: 'seeded', name_lists: ['bloomberg2024', 'bertrandMullainathan', 'regionsOfOrigin'],
    });
    const twins = gunzipSync(readFileSync(join(out, 'twins.jsonl.gz'))).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    const carla = twins.find((t) => t.id === 'carla');
    expect(carla).toMatchObject({ group: 'female', twin_group: 'male', lang: 'en' });
    // the twin carries the grammar and the first name of the other gender (the last name kept)
    expect(carla.twin_text).toMatch(/^Name: (\p{Lu}\p{Ll}+) Mendes\nHe is a software developer; his team ships Python and Kubernetes services\.\n$/u);
    expect(carla.twin_text).not.toMatch(/Carla/);
  });

  it('is byte-identical for the same inputs and seed, and a .zip holds the same files', async () => {
    const w = workspace();
    const args = ['--cvs', w.cvs, '--jobs', w.jobs, '--lang', 'en', '--seed', '5'];
    await make([...args, '--out', join(w.dir, 'a')]);
    await make([...args, '--out', join(w.dir, 'b')]);
    await make([...args, '--out', join(w.dir, 'c.zip')]);
    const a = files(join(w.dir, 'a'));
    expect(files(join(w.dir, 'b'))).toEqual(a);
    const zipped = Object.fromEntries(unzipPackage(new Uint8Array(readFileSync(join(w.dir, 'c.zip')))).map((f) => [f.path, Buffer.from(f.bytes)]));
    expect(Object.keys(zipped).sort()).toEqual(Object.keys(a));
    for (const k of Object.keys(a)) expect(zipped[k].equals(a[k]), k).toBe(true);
    // run --dataset reads the zip: the twins audit of the job posts against the CVs, no labels → robustness only
    const run = captureIo();
    expect(await main(['run', '--dataset', join(w.dir, 'c.zip'), '--task', 'jobs', '--model', 'bm25', '--bootstrap', '0', '--quiet'], run), run.err).toBe(0);
    const results = JSON.parse(run.out);
    expect(results.subsets[0].unjudged).toMatch(/no relevance labels/);
    expect(results.subsets[0].models[0].robustness.overall.n_pairs).toBeGreaterThan(0);
    expect(results.dataset.generation.accepted).toBeGreaterThan(0);
    // another seed draws other names
    await make(['--cvs', w.cvs, '--jobs', w.jobs, '--lang', 'en', '--seed', '6', '--out', join(w.dir, 'd')]);
    expect(files(join(w.dir, 'd'))['variants.jsonl.gz'].equals(a['variants.jsonl.gz'])).toBe(false);
  });

  it('applies a decisions file: rejected variants are left out and counted', async () => {
    const w = workspace();
    await make(['--cvs', w.cvs, '--jobs', w.jobs, '--seed', '5', '--out', join(w.dir, 'all')]);
    const variants = gunzipSync(readFileSync(join(w.dir, 'all', 'variants.jsonl.gz'))).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    const decisions = Object.fromEntries(variants.map((v, i) => [v.variant_id, i === 0 ? 'rejected' : 'accepted']));
    writeFileSync(join(w.dir, 'decisions.json'), JSON.stringify(decisions));
    const { code } = await make(['--cvs', w.cvs, '--jobs', w.jobs, '--seed', '5', '--decisions', join(w.dir, 'decisions.json'), '--out', join(w.dir, 'reviewed')]);
    expect(code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(w.dir, 'reviewed', 'manifest.json'), 'utf8'));
    expect(manifest.generation).toMatchObject({ rejected: 1, accepted: variants.length - 1, pending: manifest.generation.generated - variants.length });
    const kept = gunzipSync(readFileSync(join(w.dir, 'reviewed', 'variants.jsonl.gz'))).toString('utf8').trim().split('\n').map((l) => JSON.parse(l).variant_id);
    expect(kept).toEqual(variants.slice(1).map((v) => v.variant_id));
  });

  it('a bad file fails the command (exit 2), naming it, and writes nothing', async () => {
    const w = workspace();
    copyFileSync(join(FIXTURES, 'truncated.pdf'), join(w.cvs, 'zoe.pdf'));
    const out = join(w.dir, 'pkg');
    const { code, io } = await make(['--cvs', w.cvs, '--jobs', w.jobs, '--out', out]);
    expect(code).toBe(2);
    expect(io.err).toMatch(/zoe\.pdf/);
    expect(io.err).toMatch(/nothing was written/);
    expect(existsSync(out)).toBe(false);
  });

  it('draws names from the user\'s own list (--name-lists) before the bundled ones; a bad list is named', async () => {
    const w = workspace();
    const list = { id: 'mine', title: 'Mine', attributes: ['gender'], reference: { gender: 'male' }, groups: [
      { signals: { gender: 'female' }, first: ['Zelda'], last: ['Quux'] },
      { signals: { gender: 'male' }, first: ['Zeno'], last: ['Quux'] },
    ] };
    writeFileSync(join(w.dir, 'names.json'), JSON.stringify(list));
    const { code, io } = await make(['--cvs', w.cvs, '--jobs', w.jobs, '--variants', 'names', '--groups', 'gender', '--name-lists', join(w.dir, 'names.json'), '--out', join(w.dir, 'pkg')]);
    expect(code, io.err).toBe(0);
    const variants = gunzipSync(readFileSync(join(w.dir, 'pkg', 'variants.jsonl.gz'))).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(new Set(variants.map((v) => v.name))).toEqual(new Set(['Zelda Quux', 'Zeno Quux']));
    writeFileSync(join(w.dir, 'bad.json'), JSON.stringify({ ...list, groups: [] }));
    const bad = await make(['--cvs', w.cvs, '--jobs', w.jobs, '--name-lists', join(w.dir, 'bad.json'), '--out', join(w.dir, 'x')]);
    expect(bad.code).toBe(2);
    expect(bad.io.err).toMatch(/bad\.json.*"groups" must be a non-empty array/);
  });

  it('takes the counterfactual choices: --neutralise no, --names replace, and says how to give name lists now', async () => {
    const w = workspace();
    const { code, io } = await make(['--cvs', w.cvs, '--jobs', w.jobs, '--variants', 'names', '--groups', 'gender', '--neutralise', 'no', '--names', 'replace', '--out', join(w.dir, 'pkg')]);
    expect(code, io.err).toBe(0);
    const variants = gunzipSync(readFileSync(join(w.dir, 'pkg', 'variants.jsonl.gz'))).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    const carla = variants.filter((v) => v.cv_id === 'carla');
    // replaced in place in the CV as imported: the new name where "Carla Mendes" stood, "She" still there
    expect(carla.every((v) => v.text.startsWith(`Name: ${v.name}\nShe is`))).toBe(true);
    const old = await make(['--cvs', w.cvs, '--jobs', w.jobs, '--names', join(w.dir, 'names.json'), '--out', join(w.dir, 'x')]);
    expect(old.io.err).toMatch(/--names is insert or replace now; give name lists with --name-lists/);
  });

  it('refuses a misspelt option, an unknown variant kind and a mapping without text', async () => {
    const w = workspace();
    expect((await make(['--cvs', w.cvs, '--jobs', w.jobs, '--varients', 'names', '--out', join(w.dir, 'x')])).io.err).toMatch(/unknown option --varients \(did you mean --variants\?\)/);
    expect((await make(['--cvs', w.cvs, '--jobs', w.jobs, '--variants', 'names,colour', '--out', join(w.dir, 'x')])).io.err).toMatch(/unknown kind "colour"/);
    expect((await make(['--cvs', w.jobs, '--jobs', w.jobs, '--map', 'id=id', '--out', join(w.dir, 'x')])).io.err).toMatch(/name the text column/);
  });
});
