import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDir, sharedExternal } from '../sharedExternal.ts';

const TESTS = ['imports a plain MTEB folder'];

describe('sharedExternal', () => {
  it('sharedDir(env) is FAIRGROUND_SHARED_DIR when set, else ../shared', () => {
    expect(sharedDir({ FAIRGROUND_SHARED_DIR: '/somewhere' })).toBe('/somewhere');
    expect(sharedDir({})).toBe(join(process.cwd(), '..', 'shared'));
  });

  it('sharedExternal(name, tests) with the folder present skips nothing, prints nothing and resolves paths inside it', () => {
    const root = mkdtempSync(join(tmpdir(), 'shared-'));
    mkdirSync(join(root, 'external', 'beir'), { recursive: true });
    const lines: string[] = [];
    const shared = sharedExternal('beir', TESTS, { FAIRGROUND_SHARED_DIR: root }, (l) => lines.push(l));
    expect(shared.skip).toBe(false);
    expect(shared.path('corpus.jsonl')).toBe(join(root, 'external', 'beir', 'corpus.jsonl'));
    expect(lines).toEqual([]);
  });

  it('sharedExternal with the folder absent skips, printing one line that names the tests and why', () => {
    const lines: string[] = [];
    const shared = sharedExternal('beir', [...TESTS, 'another'], { FAIRGROUND_SHARED_DIR: '/nonexistent/shared' }, (l) => lines.push(l));
    expect(lines).toEqual([
      'skipped "imports a plain MTEB folder", "another": /nonexistent/shared/external/beir is absent (put the shared reference data at ../shared or set FAIRGROUND_SHARED_DIR)',
    ]);
    expect(shared.skip).toBe(lines[0]);
  });

  it('sharedExternal with the folder absent under CI=true does not skip: the test fails on its first path, saying why', () => {
    const lines: string[] = [];
    const shared = sharedExternal('beir', TESTS, { FAIRGROUND_SHARED_DIR: '/nonexistent/shared', CI: 'true' }, (l) => lines.push(l));
    expect(shared.skip).toBe(false);
    expect(lines).toEqual([]);
    expect(() => shared.path('corpus.jsonl')).toThrow('/nonexistent/shared/external/beir is absent: CI=true needs the shared reference data');
  });
});
