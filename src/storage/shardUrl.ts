/**
 * Where a manifest's shard path may point when a dataset is imported from a URL: inside the
 * dataset folder, on its origin, nowhere else. The manifest parser refuses literal "..", "/" and
 * "\" (manifest.ts), but a URL resolver decodes more than that: "%2e%2e/x" is ".." to it (WHATWG
 * URL), "https:host/x" is another host, "%252e" becomes "%2e" on a server that decodes twice.
 * So the path is checked once decoded, then resolved and compared with the folder.
 */

/** URL schemes and the like: "https:", "data:", "javascript:", "c:". */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `path` may not name a file of the folder, or undefined when it may. */
function refusal(path: string): string | undefined {
  if (path === '') return 'it is empty';
  if (path.includes('\\')) return 'it holds a backslash';
  if (/%2f/i.test(path)) return 'it holds an encoded "/" (%2F)';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'it holds an invalid percent-encoding';
  }
  if (CONTROL.test(decoded)) return 'it holds a control character';
  if (decoded.includes('%')) return 'it holds an encoded "%" (double encoding)';
  if (decoded.includes('\\')) return 'it holds a backslash (%5C)';
  if (decoded.startsWith('/')) return 'it is an absolute path';
  if (SCHEME.test(decoded)) return 'it starts with a URL scheme';
  if (/[?#]/.test(decoded)) return 'it holds "?" or "#"';
  for (const segment of decoded.split('/')) {
    if (segment === '') return 'it has an empty segment ("//" or a trailing "/")';
    if (segment === '.' || segment === '..') return `it has a "${segment}" segment`;
  }
  return undefined;
}

/**
 * The URL of a shard given its manifest path and the dataset folder's URL (ending in "/").
 * @throws {Error} naming the path, the folder and the reason, for a path that is not a plain
 *   relative path inside the folder: "..", "." or empty segments (also percent-encoded),
 *   backslashes, encoded "/" or "%", control characters, absolute paths ("/x", "//host/x"),
 *   schemes ("https:", "data:", "blob:", "javascript:"), "?" or "#" — or one that resolves
 *   anywhere but under the folder on its origin.
 * @example shardUrl('qrels/test.tsv', new URL('https://example.org/sets/demo/')).href
 *   // 'https://example.org/sets/demo/qrels/test.tsv'
 */
export function shardUrl(path: string, folder: URL): URL {
  const fail = (why: string) =>
    new Error(`path "${path}" is not inside the dataset folder ${folder.href}: ${why}; give a path relative to manifest.json, such as "corpus-00.jsonl.gz" or "qrels/test.tsv"`);
  const why = refusal(path);
  if (why) throw fail(why);
  const url = new URL(path, folder);
  // The checks above should make this impossible; it is what must hold, so it is checked too.
  if (url.origin !== folder.origin || !url.href.startsWith(folder.href) || url.search || url.hash) throw fail(`it resolves to ${url.href}`);
  return url;
}
