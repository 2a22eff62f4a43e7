/**
 * Links: URLs with a scheme or `www.`, bare profile hosts with their path (`linkedin.com/in/jane-doe-12`,
 * `github.com/jdoe`, `orcid.org/0000-…`, `x.com/jdoe`, `researchgate.net/profile/…`), handles
 * written without the host (`in/janedoe`, `@janedoe` after a profile label) and personal domains
 * (`janedoe.dev`, `www.janedoe.com`). Every candidate must parse with the WHATWG `URL` parser
 * (with `https://` put before a bare one) and have a host with a letter top-level domain.
 * Personal domains with no scheme, `www.` or path are `unsure` (`Node.js` is not one, but a
 * lower-case word with a country domain might be).
 */
import { labelBefore } from './label.ts';
import type { IdentitySpan } from './span.ts';

/** Hosts of profiles and code: a link to one is always the candidate's contact, path or not. */
const PROFILE_HOSTS = 'linkedin\\.com|github\\.com|github\\.io|gitlab\\.com|bitbucket\\.org|orcid\\.org|twitter\\.com|x\\.com|researchgate\\.net|scholar\\.google\\.com|xing\\.com|behance\\.net|dribbble\\.com|medium\\.com|stackoverflow\\.com|kaggle\\.com|about\\.me|wa\\.me|t\\.me';
const TAIL = `[^\\s<>()"'“”|,;]*`;
const WITH_SCHEME = new RegExp(`(?:https?:\\/\\/|www\\.)[^\\s<>()"'“”|]+`, 'giu');
const PROFILE = new RegExp(`(?<![\\p{L}\\p{N}@.\\/-])(?:[a-z0-9-]+\\.)*(?:${PROFILE_HOSTS})(?:\\/${TAIL})?`, 'giu');
/** A LinkedIn handle written without its host, truncated by a layout (`in/janedoe`, `/in/jane-doe-12`). */
const BARE_HANDLE = /(?<![\p{L}\p{N}.\/-])\/?in\/[a-z0-9][a-z0-9_-]{1,99}\/?(?![\p{L}\p{N}])/giu;
/** Common top-level domains of personal sites; others need a scheme or `www.`. */
const TLDS = 'com|org|net|io|dev|me|info|co|app|site|tech|online|page|blog|xyz|ai|eu|de|fr|es|nl|be|ch|at|uk|pe|in|ca|mx|ar|cl|us';
const DOMAIN = new RegExp(`(?<![\\p{L}\\p{N}@.\\/-])[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})(?:\\/${TAIL})?(?![\\p{L}\\p{N}@])`, 'gu');
/** Technologies written like domains (`ASP.NET` is written in capitals and not matched). */
const NOT_SITES: ReadonlySet<string> = new Set(['vb.net', 'asp.net', 'ado.net', 'node.io', 'socket.io', 'go.dev', 'd3.js']);

/** Whether `candidate` parses as a URL (with `https://` when it has no scheme) whose host ends in a letter top-level domain. */
function parses(candidate: string): boolean {
  try {
    const u = new URL(/^[a-z]+:\/\//iu.test(candidate) ? candidate : `https://${candidate}`);
    return /\.[a-z]{2,}$/iu.test(u.hostname) && !u.username;
  } catch {
    return false;
  }
}

/**
 * The links of `text`, in text order, not overlapping, each with its label (`LinkedIn:`).
 * @example urlSpans('Site: www.janedoe.com, linkedin.com/in/jane-doe-12').length // 2
 */
export function urlSpans(text: string): IdentitySpan[] {
  const out: IdentitySpan[] = [];
  const add = (start: number, written: string, confidence: IdentitySpan['confidence'], checked = true) => {
    const end = start + written.replace(/[.,;:!?)\]]+$/u, '').length;
    if (end <= start || out.some((s) => s.start < end && s.end > start)) return;
    if (checked && !parses(text.slice(start, end))) return;
    const label = labelBefore(text, start, 'url');
    out.push({ kind: 'url', start, end, confidence, ...(label ? { label } : {}) });
  };
  for (const m of text.matchAll(WITH_SCHEME)) add(m.index, m[0], 'sure');
  for (const m of text.matchAll(PROFILE)) add(m.index, m[0], 'sure');
  for (const m of text.matchAll(BARE_HANDLE)) add(m.index, m[0], 'sure', false);
  for (const m of text.matchAll(DOMAIN)) {
    if (NOT_SITES.has(m[0].toLowerCase()) || /\.(?:js|ts|py)$/u.test(m[0])) continue;
    add(m.index, m[0], m[0].includes('/') ? 'sure' : 'unsure');
  }
  return out.sort((a, b) => a.start - b.start);
}
