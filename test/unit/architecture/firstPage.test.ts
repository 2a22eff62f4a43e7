/**
 * The first page stays light: the chunks index.html loads before any route (its entry and
 * everything it statically imports) hold none of the libraries and features that only some
 * views need. Read off a real production build (Vite's build API, nothing written to disk),
 * so a static import that drags a view back into the first page fails here.
 */
import { describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { staticClosure } from '../../../scripts/lib/firstPage.mjs';

/** Modules that must not load before a route asks for them, and which view needs them. */
const LATER = Object.freeze([
  // pdf.js and mammoth run in the documents worker, its own bundle: the page holds only its client.
  { what: 'the document readers (the documents worker\'s client)', test: /\/src\/app\/(runs\/documentsClient\.ts|state\/candidatesInstance\.ts)/ },
  { what: 'd3 (the plots)', test: /node_modules\/d3(-[a-z-]+)?\// },
  { what: 'the plots', test: /\/src\/present\/plots\// },
  { what: 'the Hub client', test: /\/src\/(core\/hub\/|storage\/hubSource\.ts)/ },
  { what: 'the table readers (Parquet, CSV)', test: /node_modules\/(hyparquet|papaparse)\// },
  { what: 'the storage layer (idb)', test: /node_modules\/idb\// },
  { what: 'the Learn, Outcomes, Candidates, Compare and Results views', test: /\/src\/app\/(learn\/Learn|views\/(Outcomes|Candidates|Compare|Results))\.svelte/ },
]);

async function chunks(): Promise<Rolldown.OutputChunk[]> {
  const out = await build({ logLevel: 'silent', build: { write: false, manifest: false } });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
}

describe('the first page (index.html before any route)', async () => {
  const all = await chunks();
  const byFile = new Map(all.map((c) => [c.fileName, c]));
  const entry = all.filter((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  const initial = staticClosure(
    entry.map((c) => c.fileName),
    (f) => byFile.get(f)?.imports ?? [],
  );
  const initialModules = initial.flatMap((f) => byFile.get(f)?.moduleIds ?? []);
  const laterModules = all.filter((c) => !initial.includes(c.fileName)).flatMap((c) => c.moduleIds);

  it('has one entry, with Home and the router in it (the check reads the real graph)', () => {
    expect(entry).toHaveLength(1);
    expect(initialModules.some((m) => m.endsWith('/src/app/views/Home.svelte'))).toBe(true);
    expect(initialModules.some((m) => m.endsWith('/src/app/router.svelte.ts'))).toBe(true);
  });

  for (const { what, test } of LATER) {
    it(`excludes ${what}, which a later chunk holds`, () => {
      expect(laterModules.some((m) => test.test(m))).toBe(true);
      expect(initialModules.filter((m) => test.test(m))).toEqual([]);
    });
  }
}, 180_000);
