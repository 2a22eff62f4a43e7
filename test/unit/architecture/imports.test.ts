/**
 * The layer rules of docs/architecture.md, read off the source tree: every
 * relative import (static, dynamic, `new URL(…, import.meta.url)` for
 * workers, and `export … from`) of every .ts and .svelte file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

interface Import {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
  /** `url`: `new URL('…', import.meta.url)`, how a worker is started (not bundled into the importer). */
  readonly kind: 'import' | 'url';
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...filesUnder(path));
    else if (/\.(ts|svelte)$/.test(name)) out.push(path);
  }
  return out;
}

const SPECIFIER = /(import|export)\s+(type\s+)?[^'";]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|new URL\(\s*['"](\.[^'"]+)['"]/g;

/** The relative imports of one file, as repository paths. */
export function importsOf(file: string, source: string): Import[] {
  const out: Import[] = [];
  for (const m of source.matchAll(SPECIFIER)) {
    const spec = m[3] ?? m[4] ?? m[5];
    const to = relative(ROOT, resolve(ROOT, dirname(file), spec)).split('\\').join('/');
    out.push({ from: file, to, typeOnly: m[2] !== undefined, kind: m[5] !== undefined ? 'url' : 'import' });
  }
  return out;
}

const ALL = ['src', 'workers'].flatMap(filesUnder).flatMap((f) => importsOf(f, readFileSync(join(ROOT, f), 'utf8')));
const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);
const show = (list: readonly Import[]) => list.map((i) => `${i.from} → ${i.to}${i.typeOnly ? ' (type)' : ''}`);

describe('the import rules of docs/architecture.md', () => {
  it('reads the imports of the tree (the rules below are not vacuous)', () => {
    expect(ALL.length).toBeGreaterThan(500);
    expect(ALL.some((i) => under(i.from, 'src/app') && under(i.to, 'src/core'))).toBe(true);
    expect(importsOf('src/x/a.ts', "import type { A } from '../y/b.ts';\nconst w = new URL('../../workers/w.ts', import.meta.url);")).toEqual([
      { from: 'src/x/a.ts', to: 'src/y/b.ts', typeOnly: true, kind: 'import' },
      { from: 'src/x/a.ts', to: 'workers/w.ts', typeOnly: false, kind: 'url' },
    ]);
  });

  it('nothing under src/core imports from outside src/core', () => {
    expect(show(ALL.filter((i) => under(i.from, 'src/core') && !under(i.to, 'src/core')))).toEqual([]);
  });

  it('nothing under src/app imports src/cli', () => {
    expect(show(ALL.filter((i) => under(i.from, 'src/app') && under(i.to, 'src/cli')))).toEqual([]);
  });

  it('nothing under workers/ imports src/app or src/cli', () => {
    expect(show(ALL.filter((i) => under(i.from, 'workers') && (under(i.to, 'src/app') || under(i.to, 'src/cli'))))).toEqual([]);
  });

  it('src/models imports from workers/ only types (a worker is started by URL, never bundled into the page)', () => {
    expect(show(ALL.filter((i) => under(i.from, 'src/models') && under(i.to, 'workers') && i.kind === 'import' && !i.typeOnly))).toEqual([]);
    expect(ALL.some((i) => under(i.from, 'src/models') && under(i.to, 'workers') && i.kind === 'url')).toBe(true);
  });

  it('src/core, src/storage, src/models and src/cli import nothing from src/app', () => {
    const lower = ['src/core', 'src/storage', 'src/models', 'src/cli'];
    expect(show(ALL.filter((i) => lower.some((d) => under(i.from, d)) && under(i.to, 'src/app')))).toEqual([]);
  });

  it('src/documents (the PDF and DOCX adapters) imports only src/core, so a worker and the CLI can both use it', () => {
    expect(show(ALL.filter((i) => under(i.from, 'src/documents') && !under(i.to, 'src/core') && !under(i.to, 'src/documents')))).toEqual([]);
  });

  it('src/app/state imports nothing from src/app/views', () => {
    expect(show(ALL.filter((i) => under(i.from, 'src/app/state') && under(i.to, 'src/app/views')))).toEqual([]);
  });
});
