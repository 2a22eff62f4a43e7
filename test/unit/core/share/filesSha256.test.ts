import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesSha256 } from '../../../../src/core/share/index.ts';

describe('filesSha256(files)', () => {
  it('equals coreutils: sha256sum of each file, sorted by name, hashed', () => {
    const files = { 'tasks.json': '{"tasks":[]}\n', 'b.jsonl': '{"id":"x"}\n', 'a.jsonl': 'é\n' };
    const dir = mkdtempSync(join(tmpdir(), 'fg-sha-'));
    for (const [n, t] of Object.entries(files)) writeFileSync(join(dir, n), t);
    const expected = execFileSync('sh', ['-c', 'sha256sum a.jsonl b.jsonl tasks.json | LC_ALL=C sort -k2 | sha256sum'], { cwd: dir, encoding: 'utf8' }).split(' ')[0];
    expect(filesSha256(files)).toBe(expected);
  });
});
