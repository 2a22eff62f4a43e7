/** One entry of Vite's build manifest (the fields read here). */
export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}
export type Manifest = Readonly<Record<string, ManifestChunk>>;
/** Every file reachable from `start` through `importsOf`, `start` included, in the order first reached. */
export function staticClosure(start: readonly string[], importsOf: (file: string) => readonly string[]): string[];
/** The site-relative paths index.html loads by itself (scripts, modulepreload links, stylesheets). */
export function htmlAssets(html: string): string[];
/** The dist-relative files the page loads before any route. */
export function initialFiles(html: string, manifest: Manifest): string[];
