/**
 * Links: URLs with a scheme or `www.`, bare profile hosts with their path (`linkedin.com/in/jane-doe-12`,
 * `github.com/jdoe`, `orcid.org/0000-…`, `x.com/jdoe`, `researchgate.net/profile/…`), handles
 * written without the host (`in/janedoe`, `@janedoe` after a profile label) and personal domains
 * (`janedoe.dev`, `www.janedoe.com`). Every candidate must parse with the WHATWG `URL` parser
 * (with `https://` put before a bare one) and have a host with a letter top-level domain.
 * Personal domains with no scheme, `www.` or path are `unsure` (`Node.js` is not one, but a
 * lower-case word with a country domain might be). Only the candidate's links are reported
 * (urlSpans): a link to a publication or an employer in the body is content.
 */
import { fold } from '../emailLocal.ts';
import { headerEnd } from './header.ts';
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

/** A bare ORCID iD (`0000-0002-1825-0097`): the candidate's, wherever it stands. */
const ORCID_ID = /(?<![\p{N}-])\d{4}-\d{4}-\d{4}-\d{3}[\dX](?![\p{N}-])/gu;
/** A social handle (`@jdoe_dev`), not an e-mail address or a decorator. */
const AT_HANDLE = /(?<![\p{L}\p{N}._@-])@[A-Za-z0-9_]{2,30}(?![\p{L}\p{N}_@-]|\.[a-z])/gu;
const HOST_OF_PROFILE = new RegExp(`^(?:https?:\\/\\/)?(?:[a-z0-9-]+\\.)*(?:${PROFILE_HOSTS})(?:\\/|$)`, 'iu');
/** A handle after a profile label: `GitHub: jdoe`, `LinkedIn:// jdoe`, `GITHUB-SQUARE jdoe`, `Twitter:// @jdoe`. */
const LABELLED_HANDLE = /(?<=^|\n|[|•·;[]|[ \t])[ \t]*((?:LinkedIn|Linkedin|LINKEDIN|GitHub|Github|GITHUB|GitLab|Gitlab|Twitter|TWITTER|Facebook|YouTube|Youtube|Quora|Instagram|ResearchGate|RG|Medium|Kaggle|Skype|Xing|Behance)(?:-SQUARE)?[ \t]*(?::\/\/|:)?[ \t]*)(@?[\p{L}\p{N}][\p{L}\p{N}_.-]{1,40})(?=[ \t]*(?:[|•·;\]]|\r?\n|$))/gu;
/** A handle after an icon glyph of an icon font, as PDF extraction leaves it (`§ jdoe`, `^ JaneDoe`). */
const GLYPH_HANDLE = /(?<=(?:^|\n|[|•·]|[ \t])[\^§¤ï\uE000-\uF8FF][ \t]?)\p{L}[\p{L}\p{N}_.-]{2,40}(?=[ \t]*(?:[|•·]|[ \t][\^§¤ï\uE000-\uF8FF][ \t]|\r?\n|$))/gu;
/** Links to publications: never the candidate's contact. */
const PUBLICATION = /^(?:https?:\/\/)?(?:dx\.)?doi\.org\//iu;

/**
 * The links of `text` that are the candidate's, in text order, not overlapping, each with its label
 * (`LinkedIn:`): every link to a profile host, an ORCID iD, and any other link or `@handle` that
 * stands in the header block (headerEnd), has a label, or spells a word of `nameWords` (folded, 3
 * letters or more). Links to publications (doi.org) and other sites in the body are content.
 * @example urlSpans('Site: www.janedoe.com, linkedin.com/in/jane-doe-12').length // 2
 */
export function urlSpans(text: string, nameWords: readonly string[] = []): IdentitySpan[] {
  const out: IdentitySpan[] = [];
  const header = headerEnd(text);
  const names = nameWords.map(fold).filter((w) => w.length >= 3);
  // the candidate's code-host users: repositories and pages of theirs are theirs anywhere
  // (a profile root anywhere names them: user names are case-insensitive, `Quills` is `quills`)
  const users = [...text.matchAll(/(?:github|gitlab)\.com\/([A-Za-z0-9_-]+)\/?(?![\w/.-])/giu)].map((m) => m[1].toLowerCase());
  const ownRepo = (link: string) => users.some((u) => new RegExp(`(?:github|gitlab)\\.com\\/${u}\\/|^(?:https?:\\/\\/)?${u}\\.github\\.io`, 'iu').test(link));
  // a user with two or more of their repositories linked and no profile written: likely the
  // candidate's projects (`Title<TAB>https://github.com/user/repo`), shown for review (unsure)
  const reposOf = new Map<string, Set<string>>();
  for (const m of text.matchAll(/(?:github|gitlab)\.com\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_.-]+)/giu)) {
    const u = m[1].toLowerCase();
    reposOf.set(u, (reposOf.get(u) ?? new Set()).add(m[2].toLowerCase()));
  }
  const likelyOwnRepo = (link: string) => /(?:github|gitlab)\.com\/([A-Za-z0-9_-]+)\//iu.exec(link)?.[1] !== undefined && (reposOf.get(/(?:github|gitlab)\.com\/([A-Za-z0-9_-]+)\//iu.exec(link)![1].toLowerCase())?.size ?? 0) >= 2;
  // a link alone on its line in a paragraph with an e-mail address: a contact block, wherever it
  // stands (a footer's `jane@x.org • +49 …` / `https://…`); not one with words beside it, which
  // its separator would take along
  const inContactParagraph = (start: number, end: number) => {
    const from = text.lastIndexOf('\n\n', start), to = text.indexOf('\n\n', end);
    const paragraph = text.slice(from < 0 ? 0 : from, to < 0 ? text.length : to);
    const lineStart = text.lastIndexOf('\n', start - 1) + 1, lineEnd = text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end);
    const rest = text.slice(lineStart, start) + text.slice(end, lineEnd);
    return /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+\.\p{L}{2,}/u.test(paragraph) && /^[\s|•·]*$/u.test(rest);
  };
  const add = (start: number, written: string, confidence: IdentitySpan['confidence'], checked = true) => {
    let end = start + written.replace(/[.,;:!?)\]]+$/u, '').length;
    // a LinkedIn handle cut at a hyphen by the layout goes on after the line break (`…/in/jan-` / `van-dam-12/`)
    const cont = /-$/u.test(text.slice(start, end)) ? /^[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*[a-z0-9][a-z0-9-]*\/?(?=\s|$)/u.exec(text.slice(end)) : null;
    if (cont) end += cont[0].length;
    if (end <= start || out.some((s) => s.start < end && s.end > start)) return;
    const link = text.slice(start, end);
    if (checked && !parses(link.replace(/\s+/gu, ''))) return;
    if (PUBLICATION.test(link)) return;
    const label = labelBefore(text, start, 'url');
    // a profile's root is the candidate's anywhere; a repository (`github.com/user/repo`) in the body is content unless the user is theirs
    const profile = HOST_OF_PROFILE.test(link) && !(/(?:github|gitlab|bitbucket)\.(?:com|org|io)\/[^/\s]+\/[^/\s]+/iu.test(link) && start >= header);
    const own = profile || ownRepo(link) || start < header || label !== undefined || names.some((n) => fold(link).includes(n)) || inContactParagraph(start, end);
    const likely = !own && likelyOwnRepo(link);
    if (!own && !likely) return;
    out.push({ kind: 'url', start, end, confidence: likely ? 'unsure' : confidence, ...(label ? { label } : {}) });
  };
  for (const m of text.matchAll(WITH_SCHEME)) add(m.index, m[0], 'sure');
  for (const m of text.matchAll(PROFILE)) add(m.index, m[0], 'sure');
  for (const m of text.matchAll(BARE_HANDLE)) add(m.index, m[0], 'sure', false);
  for (const m of text.matchAll(ORCID_ID)) {
    if (!out.some((s) => s.start <= m.index && s.end >= m.index + m[0].length)) out.push({ kind: 'url', start: m.index, end: m.index + m[0].length, confidence: 'sure' });
  }
  for (const m of text.matchAll(AT_HANDLE)) add(m.index, m[0], 'sure', false);
  for (const m of text.matchAll(DOMAIN)) {
    if (NOT_SITES.has(m[0].toLowerCase()) || /\.(?:js|ts|py)$/u.test(m[0])) continue;
    add(m.index, m[0], m[0].includes('/') ? 'sure' : 'unsure');
  }
  // handles without a host: after a profile label (`GitHub: jdoe`, `LinkedIn:// jdoe`, `GITHUB-SQUARE jdoe`),
  // after an icon glyph in the header (`§ jdoe`), or spelling the name run together (`JaneDoe2`)
  const free = (start: number, end: number) => out.every((o) => end <= o.start || start >= o.end);
  const bound = headerEnd(text, 30);
  for (const m of text.matchAll(LABELLED_HANDLE)) {
    const start = m.index + m[0].length - m[2].length;
    const end = start + m[2].length;
    if (start < bound && free(start, end)) out.push({ kind: 'url', start, end, confidence: 'sure', label: { start: m.index + m[0].indexOf(m[1]), end: start } });
  }
  for (const m of text.slice(0, header).matchAll(GLYPH_HANDLE)) {
    if (free(m.index, m.index + m[0].length)) out.push({ kind: 'url', start: m.index, end: m.index + m[0].length, confidence: 'unsure' });
  }
  const first = names[0], last = names[names.length - 1];
  if (first !== undefined && last !== undefined && first !== last) {
    for (const m of text.slice(0, bound).matchAll(/(?<![^\s|•·,;:(\[])[\p{L}\p{N}_.-]{6,60}(?![^\s|•·,;:)\]])/gu)) {
      const f = fold(m[0]);
      if ((f.includes(first + last) || f.includes(last + first)) && free(m.index, m.index + m[0].length)) out.push({ kind: 'url', start: m.index, end: m.index + m[0].length, confidence: 'sure' });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
