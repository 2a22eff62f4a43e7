import { describe, expect, it } from 'vitest';
import { htmlAssets, initialFiles, staticClosure } from '../../../scripts/lib/firstPage.mjs';

describe('firstPage (scripts/lib/firstPage.mjs)', () => {
  it('staticClosure(start, importsOf) follows imports once each, cycles included, in the order first reached', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c', 'a'], c: [], d: ['a'] };
    expect(staticClosure(['a'], (f) => graph[f])).toEqual(['a', 'b', 'c']);
  });

  it('htmlAssets(html) lists scripts, modulepreload links and stylesheets, not icons or external URLs', () => {
    const html = `<link rel="icon" href="data:," /><script src="./coi-register.js"></script>
      <script type="module" crossorigin src="/assets/index-1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/svelte-2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-3.css">
      <script src="https://cdn.example/x.js"></script>`;
    expect(htmlAssets(html)).toEqual(['coi-register.js', 'assets/index-1.js', 'https://cdn.example/x.js'].slice(0, 2).concat(['assets/svelte-2.js', 'assets/index-3.css']));
  });

  it('initialFiles(html, manifest) adds the static imports of the entry and their CSS, never its dynamic imports', () => {
    const manifest = {
      'index.html': { file: 'assets/i.js', imports: ['_s.js'], dynamicImports: ['src/V.svelte'], css: ['assets/i.css'] },
      '_s.js': { file: 'assets/s.js', css: ['assets/s.css'] },
      'src/V.svelte': { file: 'assets/V.js', imports: ['_s.js'] },
    };
    expect(initialFiles('<script type="module" src="/assets/i.js"></script>', manifest)).toEqual(['assets/i.js', 'assets/s.js', 'assets/i.css', 'assets/s.css']);
  });
});
