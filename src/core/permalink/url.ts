/**
 * The permalink URL: `pageUrl` with its fragment replaced by `fragment`
 * (a leading `#` on `fragment` is allowed). Works on absolute and relative
 * URLs alike, since it only cuts at the first `#`.
 * @example permalinkUrl('https://x.org/app/#old', 'r=abc') // 'https://x.org/app/#r=abc'
 */
export function permalinkUrl(pageUrl: string, fragment: string): string {
  const hash = pageUrl.indexOf('#');
  const base = hash === -1 ? pageUrl : pageUrl.slice(0, hash);
  return `${base}#${fragment.startsWith('#') ? fragment.slice(1) : fragment}`;
}

/**
 * The fragment of a URL without its `#` (surrounding white space trimmed, as
 * pasted links often carry it), or null when the URL has none or an empty one.
 * Whether it is a Fairground link is for decodePermalink to say.
 * @example fragmentFromUrl('https://x.org/app/#r=abc') // 'r=abc'
 */
export function fragmentFromUrl(url: string): string | null {
  const text = url.trim();
  const hash = text.indexOf('#');
  if (hash === -1 || hash === text.length - 1) return null;
  return text.slice(hash + 1);
}
