/**
 * The test runs' temporary folder (test/scratchDir.mjs): made fresh, tsx's cache folder linked into
 * it, and removed whole at the end without touching the cache it links to.
 */
import { existsSync, lstatSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeScratchTmp } from '../scratchDir.mjs';

describe('makeScratchTmp(prefix)', () => {
  it('makes a fresh folder with tsx\'s cache folder linked in; remove() deletes the folder and what the tests left, not the cache', () => {
    const tsx = `tsx-${process.geteuid!()}`;
    const { dir, remove } = makeScratchTmp('fairground-scratch-test-');
    expect(dir.startsWith(join(tmpdir(), 'fairground-scratch-test-'))).toBe(true);
    expect(lstatSync(join(dir, tsx)).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, tsx))).toBe(join(tmpdir(), tsx));
    // What tsx writes through the link lands in the cache; what a test leaves lands in the run's folder.
    const cached = join(dir, tsx, `scratch-test-${process.pid}`);
    writeFileSync(cached, 'cache entry');
    writeFileSync(join(dir, 'left-by-a-test.json'), '{}');
    remove();
    expect(existsSync(dir)).toBe(false);
    const kept = join(tmpdir(), tsx, `scratch-test-${process.pid}`);
    expect(existsSync(kept)).toBe(true);
    rmSync(kept);
  });
});
