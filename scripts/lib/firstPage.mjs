// What the built page loads before any route: the files index.html names (module and classic
// scripts, modulepreload links, stylesheets) and every chunk those statically import, read off
// Vite's manifest (dist/.vite/manifest.json, build.manifest: true in vite.config.ts). Used by the
// first-page bench (scripts/bench/firstPage.bench.ts) and its build test.

/**
 * Every file reachable from `start` through `importsOf` (static imports only), `start` included,
 * in the order first reached.
 *
 * @example
 * staticClosure(['a'], (f) => ({ a: ['b'], b: ['c', 'a'], c: [] })[f]) // ['a', 'b', 'c']
 */
export function staticClosure(start, importsOf) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const f = queue.shift();
    if (seen.has(f)) continue;
    seen.add(f);
    queue.push(...importsOf(f));
  }
  return [...seen];
}

/**
 * The site-relative paths index.html loads by itself: `<script src>` (module or classic),
 * `<link rel="modulepreload" | "stylesheet" href>`. External URLs are not the site's and are left out.
 *
 * @example
 * htmlAssets('<script type="module" src="/assets/i.js"></script><link rel="stylesheet" href="/assets/i.css">')
 * // ['assets/i.js', 'assets/i.css']
 */
export function htmlAssets(html) {
  const out = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) out.push(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="(modulepreload|stylesheet)"/.test(m[0])) continue;
    const href = /\bhref="([^"]+)"/.exec(m[0]);
    if (href) out.push(href[1]);
  }
  return out.filter((p) => !/^[a-z]+:/i.test(p)).map((p) => p.replace(/^\.?\//, ''));
}

/**
 * The files (dist-relative) the page loads before any route: index.html's own assets and the
 * static closure of its entry in the manifest (chunk files and their CSS).
 *
 * @example
 * initialFiles('<script type="module" src="/assets/i.js"></script>',
 *   { 'index.html': { file: 'assets/i.js', imports: ['_s.js'], css: ['assets/i.css'] }, '_s.js': { file: 'assets/s.js' } })
 * // ['assets/i.js', 'assets/s.js', 'assets/i.css']
 */
export function initialFiles(html, manifest) {
  const keys = staticClosure(['index.html'], (k) => manifest[k]?.imports ?? []);
  const files = new Set(htmlAssets(html));
  for (const k of keys) if (manifest[k]) files.add(manifest[k].file);
  for (const k of keys) for (const css of manifest[k]?.css ?? []) files.add(css);
  return [...files];
}
