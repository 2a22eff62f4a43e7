/**
 * The current neutraliser measured against the identity gold set, as de-identification is judged
 * (i2b2/n2c2): recall and precision per span kind, per language. Run:
 *
 *   npx tsx scripts/identity/measure.ts        (prints the Markdown tables)
 *   npm run bench -- identityGold              (writes them into BENCHMARKS.md)
 *   npx tsx scripts/identity/measure.ts --misses
 *       (also prints, to the terminal only, the gold spans missed or partly found, the false
 *       positives and the keep spans touched, with their text: real personal data, never to be
 *       copied into the repository, a test, a commit message or a log)
 *
 * For each fixture: the CV is extracted as make-dataset extracts it (extract.ts), its SHA-256
 * compared with the fixture's (a changed extraction is reported and the CV left out, its offsets
 * no longer mean anything), and `neutralise` run on it with the language of its file name, as
 * generate.ts calls it. Its edits are the detections; their `why` gives the kind.
 *
 * Rules (one answer each):
 * - a gold span is FOUND when every one of its non-space characters lies inside an edit that
 *   changed the text (`after !== before`; a pronoun left as written and flagged is not a
 *   removal); PARTIAL when some but not all do; recall counts found spans only.
 * - a detection is an identity edit (why: name, title, email, phone, address, profile-link,
 *   contact, gender, age, birth, marital-status, nationality) that changed the text; it is a true
 *   positive when it overlaps any gold identity span (of whatever kind: a line removed as `phone`
 *   that also held the e-mail is right), else a false positive. Pronoun, verb-agreement and
 *   gendered-word edits are not detections; they are scored by the cue and referee columns.
 * - a keep span is kept when no changing edit overlaps it; a referee pronoun likewise.
 * - a candidate cue is handled when an edit overlaps it, changing it or flagging it `uncertain`.
 */
import { join } from 'node:path';
import type { Edit } from '../../src/core/counterfactual/edit.ts';
import { neutralise } from '../../src/core/counterfactual/neutral/neutralise.ts';
import { genderTwinOfCandidate } from '../../src/core/counterfactual/twinOfCandidate.ts';
import { BUNDLED_NAME_LISTS } from '../../src/core/counterfactual/bundledNameLists.ts';
import { cvLang, extractCvText, sha256, CV_LANGS } from './extract.ts';
import { IDENTITY_KINDS, readGoldSet, type GoldCv, type GoldSpan } from './goldSet.ts';

/** The gold kind a neutraliser edit's `why` detects; undefined for edits that are not identity detections. */
export const KIND_OF_WHY: Readonly<Record<string, string>> = Object.freeze({
  name: 'name', title: 'name', email: 'email', phone: 'phone', address: 'address', 'profile-link': 'url',
  contact: 'contact', gender: 'gender', age: 'age', birth: 'birth', 'marital-status': 'marital', nationality: 'nationality',
});

/** Counts for one group of CVs (a language, or all). */
export interface Tally {
  cvs: number;
  gold: Record<string, number>;
  found: Record<string, number>;
  partial: Record<string, number>;
  detected: Record<string, number>;
  truePositive: Record<string, number>;
  keep: number;
  kept: number;
  referee: number;
  refereeIntact: number;
  cues: number;
  cuesHandled: number;
  /** Gender twins made, made with every gold candidate cue changed (coherent), and not made (the gate refused). */
  twins: number;
  twinsCoherent: number;
  twinsNotMade: number;
}

const emptyTally = (): Tally => ({ cvs: 0, gold: {}, found: {}, partial: {}, detected: {}, truePositive: {}, keep: 0, kept: 0, referee: 0, refereeIntact: 0, cues: 0, cuesHandled: 0, twins: 0, twinsCoherent: 0, twinsNotMade: 0 });
const add = (r: Record<string, number>, k: string, n = 1) => void (r[k] = (r[k] ?? 0) + n);
const overlaps = (a: { start: number; end: number }, s: number, e: number) => a.start < e && s < a.end;

/** How much of `span` the changing edits cover: 'found', 'partial' or 'missed' (rule above). */
export function coverage(text: string, span: GoldSpan, changed: readonly Edit[]): 'found' | 'partial' | 'missed' {
  let total = 0;
  let covered = 0;
  for (let i = span.start; i < span.end; i++) {
    if (/\s/u.test(text[i])) continue;
    total++;
    if (changed.some((e) => i >= e.offset && i < e.offset + e.before.length)) covered++;
  }
  return covered === 0 ? 'missed' : covered === total ? 'found' : 'partial';
}

/** One line the `--misses` report prints: what went wrong where, and the text there. */
export type MissLine = string;

/** Scores one CV's neutral base against its fixture into `t`; each miss, false positive and touched keep span into `misses` when given. */
export function scoreCv(text: string, lang: string, gold: GoldCv, t: Tally, misses?: MissLine[]): void {
  const base = neutralise({ id: gold.file.replace(/\.[a-z]+$/u, ''), source: gold.file, text, lang });
  const changed = base.edits.filter((e) => e.after !== e.before);
  t.cvs++;
  for (const s of gold.identity) {
    add(t.gold, s.kind);
    const c = coverage(text, s, changed);
    if (c === 'found') add(t.found, s.kind);
    else if (c === 'partial') add(t.partial, s.kind);
    if (c !== 'found') misses?.push(`${gold.file} ${c} ${s.kind} ${s.start}: ${JSON.stringify(text.slice(s.start, s.end))} in ${JSON.stringify(text.slice(Math.max(0, s.start - 40), s.end + 40))}`);
  }
  for (const e of changed) {
    const kind = e.why ? KIND_OF_WHY[e.why] : undefined;
    if (!kind) continue;
    add(t.detected, kind);
    const end = e.offset + Math.max(e.before.length, 1);
    if (gold.identity.some((s) => overlaps(s, e.offset, end))) add(t.truePositive, kind);
    else misses?.push(`${gold.file} false-positive ${e.why} ${e.offset}: ${JSON.stringify(e.before)} → ${JSON.stringify(e.after)}`);
  }
  const untouched = (s: GoldSpan) => !changed.some((e) => overlaps(s, e.offset, e.offset + Math.max(e.before.length, 1)));
  t.keep += gold.keep.length;
  t.kept += gold.keep.filter(untouched).length;
  for (const s of gold.keep.filter((k) => !untouched(k))) misses?.push(`${gold.file} keep-touched ${s.kind} ${s.start}: ${JSON.stringify(text.slice(s.start, s.end))}`);
  t.referee += gold.refereePronouns.length;
  t.refereeIntact += gold.refereePronouns.filter(untouched).length;
  t.cues += gold.candidateCues.length;
  t.cuesHandled += gold.candidateCues.filter((s) => base.edits.some((e) => overlaps(s, e.offset, e.offset + Math.max(e.before.length, 1)))).length;
  scoreTwin(text, lang, gold, t, misses);
}

/**
 * The gender twin of the CV against the hand-annotated candidate cues (issue 46: "every twin
 * coherent"): a twin is mixed when a gold cue of the candidate is left as written (no changing edit
 * of the twin overlaps it); a twin the gate refused is counted as not made, never as coherent.
 */
function scoreTwin(text: string, lang: string, gold: GoldCv, t: Tally, misses?: MissLine[]): void {
  const twin = genderTwinOfCandidate({ id: gold.file.replace(/\.[a-z]+$/u, ''), source: gold.file, text, lang }, BUNDLED_NAME_LISTS, 1);
  if (!('text' in twin)) {
    t.twinsNotMade++;
    return;
  }
  t.twins++;
  const changed = twin.edits.filter((e) => e.after !== e.before);
  const left = gold.candidateCues.filter((s) => !changed.some((e) => overlaps(s, e.offset, e.offset + Math.max(e.before.length, 1))));
  if (left.length === 0) t.twinsCoherent++;
  for (const s of left) misses?.push(`${gold.file} mixed-twin ${s.kind} ${s.start}: ${JSON.stringify(text.slice(s.start, s.end))}`);
}

export interface Measurement {
  readonly byLang: ReadonlyMap<string, Tally>;
  readonly all: Tally;
  /** Fixtures whose extracted text no longer has the recorded SHA-256 (left out). */
  readonly changedExtraction: readonly string[];
}

/** Extracts, neutralises and scores every fixture of the gold set against the CVs in `cvDir`. */
export async function measure(cvDir: string, misses?: MissLine[]): Promise<Measurement> {
  const byLang = new Map<string, Tally>(CV_LANGS.map((l) => [l, emptyTally()]));
  const all = emptyTally();
  const changedExtraction: string[] = [];
  for (const gold of readGoldSet()) {
    const text = await extractCvText(join(cvDir, gold.file));
    if (sha256(text) !== gold.textSha256) {
      changedExtraction.push(gold.file);
      continue;
    }
    const lang = cvLang(gold.file);
    scoreCv(text, lang, gold, byLang.get(lang)!, misses);
    scoreCv(text, lang, gold, all);
  }
  return { byLang, all, changedExtraction };
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);
const frac = (n: number, d: number) => (d === 0 ? '–' : `${n}/${d} (${pct(n, d)})`);
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
/** `coherent/made (refused N)`; mixed twins are made − coherent. */
const twinsCell = (t: Tally) => `${frac(t.twinsCoherent, t.twins)} (${t.twinsNotMade})`;

/** The per-kind table (all CVs) and the per-language table, as Markdown. */
export function measurementMarkdown(m: Measurement): string {
  const t = m.all;
  const kinds = [...IDENTITY_KINDS.filter((k) => t.gold[k] || t.detected[k]), ...Object.keys(t.detected).filter((k) => !(IDENTITY_KINDS as readonly string[]).includes(k))];
  const rows = kinds.map((k) => `| ${k} | ${t.gold[k] ?? 0} | ${t.found[k] ?? 0} | ${t.partial[k] ?? 0} | ${pct(t.found[k] ?? 0, t.gold[k] ?? 0)} | ${t.detected[k] ?? 0} | ${pct(t.truePositive[k] ?? 0, t.detected[k] ?? 0)} |`);
  rows.push(`| **all** | ${sum(t.gold)} | ${sum(t.found)} | ${sum(t.partial)} | ${pct(sum(t.found), sum(t.gold))} | ${sum(t.detected)} | ${pct(sum(t.truePositive), sum(t.detected))} |`);
  const langRows = [...m.byLang].filter(([, l]) => l.cvs > 0).map(([lang, l]) =>
    `| ${lang} | ${l.cvs} | ${sum(l.gold)} | ${pct(sum(l.found), sum(l.gold))} | ${pct((l.found.name ?? 0), l.gold.name ?? 0)} | ${pct(sum(l.truePositive), sum(l.detected))} | ${frac(l.kept, l.keep)} | ${frac(l.refereeIntact, l.referee)} | ${frac(l.cuesHandled, l.cues)} | ${twinsCell(l)} |`);
  langRows.push(`| **all** | ${t.cvs} | ${sum(t.gold)} | ${pct(sum(t.found), sum(t.gold))} | ${pct(t.found.name ?? 0, t.gold.name ?? 0)} | ${pct(sum(t.truePositive), sum(t.detected))} | ${frac(t.kept, t.keep)} | ${frac(t.refereeIntact, t.referee)} | ${frac(t.cuesHandled, t.cues)} | ${twinsCell(t)} |`);
  return [
    m.changedExtraction.length > 0 ? `**Changed extraction** (text SHA-256 differs from the fixture; left out): ${m.changedExtraction.join(', ')}\n` : '',
    'Per kind, all CVs. Found: every non-space character of the gold span lies in an edit that changed the text; partial: some do (not counted in recall). Precision: changing identity edits (by their `why`) that overlap a gold identity span.',
    '',
    '| kind | gold spans | found | partial | recall | detected | precision |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    'Per language. Content kept: `keep` spans no changing edit touches. Cues handled: candidate cues an edit changed or flagged for review. Twins: gender twins made that change every gold candidate cue (coherent) of those made, and how many the gate refused; a twin leaving one is mixed.',
    '',
    '| lang | CVs | gold spans | recall | name recall | precision | content kept | referee pronouns intact | cues handled | twins coherent (refused) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...langRows,
  ].join('\n').trimStart();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { sharedDir } = await import('../../test/sharedExternal.ts');
  const { REAL_CVS } = await import('./extract.ts');
  const misses: MissLine[] | undefined = process.argv.includes('--misses') ? [] : undefined;
  const m = await measure(join(sharedDir(), 'external', REAL_CVS), misses);
  console.log(measurementMarkdown(m));
  if (misses) console.log(`\n${misses.join('\n')}`);
}
