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

  it('src/core, src/storage, src/models, src/cli, src/report and src/present import nothing from src/app', () => {
    const lower = ['src/core', 'src/storage', 'src/models', 'src/cli', 'src/report', 'src/present'];
    expect(show(ALL.filter((i) => lower.some((d) => under(i.from, d)) && under(i.to, 'src/app')))).toEqual([]);
  });

  it('src/documents (the PDF and DOCX adapters) imports only src/core, so a worker and the CLI can both use it', () => {
    expect(show(ALL.filter((i) => under(i.from, 'src/documents') && !under(i.to, 'src/core') && !under(i.to, 'src/documents')))).toEqual([]);
  });

  it('src/present (plot specs and SVG renderers, table specs, number formatting) imports only src/core: the app, the report and the CLI use it, never each other', () => {
    expect(ALL.some((i) => under(i.from, 'src/app') && under(i.to, 'src/present'))).toBe(true);
    expect(ALL.some((i) => under(i.from, 'src/report') && under(i.to, 'src/present'))).toBe(true);
    expect(show(ALL.filter((i) => under(i.from, 'src/present') && !under(i.to, 'src/present') && !under(i.to, 'src/core')))).toEqual([]);
  });

  it('src/report imports only src/core and src/present — never the app (issue 48: the rooms were tied both ways)', () => {
    expect(show(ALL.filter((i) => under(i.from, 'src/report') && !under(i.to, 'src/core') && !under(i.to, 'src/present') && !under(i.to, 'src/report')))).toEqual([]);
  });

  it('the app reaches the report only through its public index (src/report/index.ts), from its Report button', () => {
    expect(show(ALL.filter((i) => under(i.from, 'src/app') && under(i.to, 'src/report') && i.to !== 'src/report/index.ts'))).toEqual([]);
  });

  it('nothing below the adapters imports src/report (core, storage, models, workers, documents)', () => {
    const lower = ['src/core', 'src/storage', 'src/models', 'workers', 'src/documents'];
    expect(show(ALL.filter((i) => lower.some((d) => under(i.from, d)) && under(i.to, 'src/report')))).toEqual([]);
  });

  it('src/app/state imports nothing from src/app/views', () => {
    expect(show(ALL.filter((i) => under(i.from, 'src/app/state') && under(i.to, 'src/app/views')))).toEqual([]);
  });
});

/** The strongly connected components of more than one file (import circles), each as a list of files. */
function circles(imports: readonly Import[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const i of imports) {
    if (i.kind === 'url') continue;
    const to = graph.has(i.to) || /\.(ts|svelte)$/.test(i.to) ? i.to : `${i.to}.ts`;
    graph.set(i.from, [...(graph.get(i.from) ?? []), to]);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const AUDIT = 'src/core/audit';
/** The folder of src/core/audit a path is in, or undefined outside it. */
const auditFolder = (path: string) => (under(path, AUDIT) ? path.slice(AUDIT.length + 1).split('/')[0] : undefined);
/** Kinds of audit, and the shared machinery, in layers: a folder may import only folders of a lower layer. */
const LAYERS: Readonly<Record<string, number>> = Object.freeze({ common: 0, outcomes: 1, retrieval: 1, tasks: 1, screening: 2, compare: 3, imported: 3, eval: 3, run: 4 });

describe('core/audit: one folder per audit kind, one way through', () => {
  it('finds circles (the check below is not vacuous)', () => {
    const a = { from: 'a.ts', typeOnly: false, kind: 'import' } as const;
    expect(circles([{ ...a, to: 'b.ts' }, { ...a, from: 'b.ts', to: 'a.ts' }, { ...a, from: 'b.ts', to: 'c.ts' }])).toEqual([['a.ts', 'b.ts']]);
  });

  it('no import circle anywhere under src or workers (type-only imports count: they tie the files together as much)', () => {
    expect(circles(ALL)).toEqual([]);
  });

  it('src/core/audit holds folders only, each with an index.ts, and each folder is in the layer table', () => {
    const entries = readdirSync(join(ROOT, AUDIT));
    expect(entries.filter((e) => !statSync(join(ROOT, AUDIT, e)).isDirectory())).toEqual([]);
    for (const folder of entries) {
      expect(LAYERS[folder], `${folder} has a layer`).toBeDefined();
      expect(statSync(join(ROOT, AUDIT, folder, 'index.ts')).isFile()).toBe(true);
    }
  });

  it('code outside a folder of src/core/audit reaches it only through its index.ts (the app, the CLI, the workers and the other folders)', () => {
    const reachesIn = ALL.filter((i) => {
      const target = auditFolder(i.to);
      return target !== undefined && auditFolder(i.from) !== target && i.to !== `${AUDIT}/${target}/index.ts`;
    });
    expect(show(reachesIn)).toEqual([]);
  });

  it('a folder imports only folders of a lower layer: kinds never import the run machinery, imported scores or eval; outcomes never imports screening', () => {
    const upward = ALL.filter((i) => {
      const [from, to] = [auditFolder(i.from), auditFolder(i.to)];
      return from !== undefined && to !== undefined && from !== to && LAYERS[to] >= LAYERS[from];
    });
    expect(show(upward)).toEqual([]);
  });

  it("a kind's results types never import its computation (only other results types, common and core types, type-only)", () => {
    const results = ALL.filter((i) => under(i.from, AUDIT) && /\/results\.ts$/.test(i.from));
    expect(results.length).toBeGreaterThan(3);
    const computation = results.filter((i) => !i.typeOnly && !under(i.to, `${AUDIT}/common`));
    expect(show(computation)).toEqual([]);
    const inFolder = results.filter((i) => auditFolder(i.to) === auditFolder(i.from) && !/\/results\.ts$/.test(i.to) && !/resampleUnits\.ts$/.test(i.to));
    expect(show(inFolder)).toEqual([]);
  });
});
