/**
 * The commonest CLI mistake is a wrong input path (issue 27). Every command,
 * for every option that names an input, exits 2 with one line on stderr and
 * nothing on stdout: a missing path, a folder where a file is wanted (or a
 * file where a folder is), a FIFO that would never end, a file without read
 * permission. Before, every `eval` kind printed its line and then an
 * unhandled stream error's stack trace, exit 1.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { evalCommands } from '../../../src/cli/eval/index.ts';
import { topCommands } from '../../../src/cli/commands.ts';
import type { Command } from '../../../src/cli/command.ts';

let dir = '';

async function cli(argv: string[]) {
  const captured = { out: '', err: '' };
  const code = await main(argv, { ...nodeIo, stdout: (t) => void (captured.out += t), stderr: (t) => void (captured.err += t) });
  return { code, ...captured };
}

/** Every option that names an input, as the commands declare it — pinned here so that one left undeclared fails. */
const DECLARED: readonly [string, string, 'file' | 'folder' | 'file-or-folder'][] = [
  ['eval retrieval', 'qrels', 'file'], ['eval retrieval', 'run', 'file-or-folder'],
  ['eval classification', 'pred', 'file'], ['eval classification', 'tune', 'file'], ['eval classification', 'reference-scores', 'file'],
  ['eval twins', 'run', 'file-or-folder'], ['eval twins', 'twin-run', 'file-or-folder'], ['eval twins', 'twins', 'file'],
  ['eval consistency', 'scores', 'file'],
  ['eval screening-bias', 'scores', 'file'],
  ['eval tasks', 'predictions', 'folder'],
  ['eval outcomes', 'decisions', 'file'],
  ['eval correspondence', 'a', 'file'], ['eval correspondence', 'b', 'file'],
  ['eval agreement', 'labels', 'file'],
  ['eval exposure', 'run', 'file'], ['eval exposure', 'groups', 'file'], ['eval exposure', 'qrels', 'file'],
  ['run', 'dataset', 'file-or-folder'], ['run', 'scores', 'file-or-folder'], ['run', 'vectors', 'file-or-folder'], ['run', 'template', 'file'],
  ['export-for-scoring', 'dataset', 'file-or-folder'],
  ['make-dataset', 'cvs', 'file-or-folder'], ['make-dataset', 'jobs', 'file-or-folder'], ['make-dataset', 'name-lists', 'file'], ['make-dataset', 'decisions', 'file'],
  ['pareto', 'results', 'file'],
  ['compare', 'baseline', 'file'], ['compare', 'candidate', 'file'],
  ['check', 'results', 'file'], ['check', 'baseline', 'file'], ['check', 'rules', 'file'],
  ['report', 'results', 'file'], ['report', 'outcomes', 'file'], ['report', 'tasks', 'file'], ['report', 'dataset', 'file-or-folder'],
];

function commandOf(words: string): Command {
  const [first, second] = words.split(' ');
  return (first === 'eval' ? evalCommands.find((c) => c.name === second) : topCommands.find((c) => c.name === first))!;
}

const named = (command: string, option: string) => commandOf(command).options[option].named === true;
const valueOf = (command: string, option: string, path: string) => (named(command, option) ? `sys=${path}` : path);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fairground-paths-'));
  await mkdir(join(dir, 'folder'));
  await writeFile(join(dir, 'file.tsv'), 'q1\td1\t1\n');
  await writeFile(join(dir, 'locked.tsv'), 'q1\td1\t1\n');
  await chmod(join(dir, 'locked.tsv'), 0o000);
  execFileSync('mkfifo', [join(dir, 'fifo')]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('input paths are declared', () => {
  it('every command option whose usage takes a file or folder declares it as an input, and the table above lists them all', () => {
    const declared = [...evalCommands.map((c) => [`eval ${c.name}`, c] as const), ...topCommands.map((c) => [c.name, c] as const)].flatMap(([words, c]) =>
      Object.entries(c.options).filter(([, r]) => r.input).map(([o, r]) => [words, o, r.input] as const),
    );
    expect(new Set(declared.map((d) => d.join(' ')))).toEqual(new Set(DECLARED.map((d) => d.join(' '))));
  });
});

describe.each(DECLARED)('fairground %s --%s', (command, option, kind) => {
  const argv = (path: string) => [...command.split(' '), `--${option}`, valueOf(command, option, path)];
  const expectOneLine = (r: { code: number; out: string; err: string }, path: string, what: RegExp) => {
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n')).toEqual([expect.stringMatching(new RegExp(`^fairground: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${what.source}`)), '']);
  };

  it('a missing path: exit 2, one line', async () => {
    const path = join(dir, 'missing.tsv');
    expectOneLine(await cli(argv(path)), path, /cannot read \(no such file or folder, ENOENT\)/);
  });
  it(kind === 'folder' ? 'a file where a folder is wanted' : kind === 'file' ? 'a folder where a file is wanted' : 'a path through a file (ENOTDIR)', async () => {
    if (kind === 'folder') expectOneLine(await cli(argv(join(dir, 'file.tsv'))), join(dir, 'file.tsv'), /is a file; give a folder/);
    else if (kind === 'file') expectOneLine(await cli(argv(join(dir, 'folder'))), join(dir, 'folder'), /is a folder; give a file/);
    else expectOneLine(await cli(argv(join(dir, 'file.tsv', 'x'))), join(dir, 'file.tsv', 'x'), /cannot read \(a part of the path is not a folder, ENOTDIR\)/);
  });
  it('a FIFO that never ends: refused at once', async () => {
    expectOneLine(await cli(argv(join(dir, 'fifo'))), join(dir, 'fifo'), /is a FIFO \(named pipe\)/);
  });
  it.skipIf(process.getuid?.() === 0)('a file without read permission (not testable as root, who may read it)', async () => {
    expectOneLine(await cli(argv(join(dir, 'locked.tsv'))), join(dir, 'locked.tsv'), /cannot read \(permission denied, EACCES\)/);
  });
});

describe('the real binary (the stack trace came from an unhandled stream error event)', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', 'src/cli/fairground.ts', ...args], { timeout: 60_000 }, (error, out, err) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out, err });
      });
    });
  it('eval retrieval, twins, outcomes and agreement with a missing file: exit 2, one line, no stack', async () => {
    const missing = join(dir, 'missing.tsv');
    const cases = [
      ['eval', 'retrieval', '--qrels', missing, '--run', join(dir, 'file.tsv')],
      ['eval', 'twins', '--run', join(dir, 'file.tsv'), '--twin-run', missing, '--twins', join(dir, 'file.tsv')],
      ['eval', 'outcomes', '--decisions', missing, '--group', 'g', '--selected', 'y'],
      ['eval', 'agreement', '--labels', missing],
    ];
    for (const args of cases) {
      const r = await run(args);
      expect(r, args.join(' ')).toEqual({ code: 2, out: '', err: `fairground: ${missing}: cannot read (no such file or folder, ENOENT)\n` });
    }
  }, 120_000);
});
