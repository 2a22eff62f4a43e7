/**
 * README's two lines: `make-dataset … --out mine.zip`, then `run --dataset mine.zip --task
 * screening --model calibrated:fairground-glove-100d` — a zipped package's screening task is a
 * screening audit as the unzipped folder's is (was: exit 2, "unknown model", the zip's manifest
 * unread so the run taken for a retrieval one).
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/documents');

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const io = { ...nodeIo, stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t) };
  const code = await main(args, io);
  return { code, out, err };
}

describe('fairground run --dataset mine.zip --task screening', () => {
  it('audits the zipped package with calibrated:fairground-glove-100d, as it does the folder', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fg-zip-'));
    const cvs = join(dir, 'my-cvs');
    mkdirSync(cvs);
    copyFileSync(join(FIXTURES, 'bram.md'), join(cvs, 'bram.md'));
    writeFileSync(join(cvs, 'carla.txt'), 'Name: Carla Mendes\nShe is a software developer; her team ships Python and Kubernetes services.\n');
    writeFileSync(join(dir, 'jobs.csv'), 'id,text\nicu,"Intensive care nurse, Utrecht"\ndev,"Software developer (Python, Kubernetes)"\n');
    const made = await cli(['make-dataset', '--cvs', cvs, '--jobs', join(dir, 'jobs.csv'), '--lang', 'en', '--out', join(dir, 'mine.zip')]);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    const common = ['--task', 'screening', '--model', 'calibrated:fairground-glove-100d', '--runs', '1', '--bootstrap', '0', '--quiet'];
    const zipped = await cli(['run', '--dataset', join(dir, 'mine.zip'), ...common]);
    expect(zipped.err).toBe('');
    expect(zipped.code).toBe(0);
    const results = JSON.parse(zipped.out);
    expect(results.kind).toBe('screening');
    expect(results.models[0].model.id).toBe('calibrated:fairground-glove-100d');
    // the same numbers as the unzipped folder
    await cli(['make-dataset', '--cvs', cvs, '--jobs', join(dir, 'jobs.csv'), '--lang', 'en', '--out', join(dir, 'mine')]);
    const folder = JSON.parse((await cli(['run', '--dataset', join(dir, 'mine'), ...common])).out);
    expect(results.models[0].bias).toEqual(folder.models[0].bias);
    expect(results.dataset).toEqual(folder.dataset);
  });
});
