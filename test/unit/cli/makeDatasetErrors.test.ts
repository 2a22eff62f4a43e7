/**
 * `fairground make-dataset` refusing its inputs: one line on stderr, real text — never a newline
 * escaped as `\x0a` (errors.ts escapes control characters, so a message must not hold one).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';

describe('fairground make-dataset errors', () => {
  it('lists every file it could not import on one line, separated by "; ", exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fg-make-err-'));
    const cvs = join(dir, 'cvs');
    mkdirSync(cvs);
    writeFileSync(join(cvs, 'x.pdf'), 'not a pdf');
    writeFileSync(join(cvs, 'y.csv'), 'foo,bar\n1,2\n');
    writeFileSync(join(dir, 'jobs.csv'), 'id,text\na,hello\n');
    let err = '';
    const io = { ...nodeIo, stdout: () => {}, stderr: (t: string) => void (err += t) };
    const code = await main(['make-dataset', '--cvs', cvs, '--jobs', join(dir, 'jobs.csv'), '--out', join(dir, 'out')], io);
    expect(code).toBe(2);
    expect(err).not.toContain('\\x0a');
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toMatch(/2 CV file\(s\) or row\(s\) could not be imported, nothing was written: x\.pdf: .*; y\.csv:1: no column looks like the text/);
  });
});
