/**
 * The audit report's HTML (issue 32): its seven sections in order, headings that never skip a
 * level, tables with captions and header cells, every plot with its description, nothing that runs
 * or loads, the LL144 table's numbers and four-fifths flags those of the results (worked by hand
 * below), and each limitation exactly where it applies.
 */
import { linkNumber } from '../../../src/core/share/index.ts';
import { describe, expect, it } from 'vitest';
import { auditOutcomes } from '../../../src/core/audit/outcomes/audit.ts';
import { readDecisions } from '../../../src/core/formats/decisions.ts';
import { readRecordTable } from '../../../src/core/formats/recordTable.ts';
import { screeningAudit } from '../../../src/core/audit/screening/audit.ts';
import { buildReport } from '../../../src/report/index.ts';
import { decodePermalink } from '../../../src/core/permalink/index.ts';
import { HEADER, MODEL_A, MODEL_B, OPTIONS, PARTS } from '../core/audit/screening/tinyScreening.ts';
import { figures, headings, hookedRows, limitations, section, tables } from './htmlChecks.ts';

const AT = '2026-12-02T10:00:00.000Z';

/**
 * 100 rows: f 50 (20 selected), m 49 (30 selected), x 1 (1 selected, under 2%: excluded).
 * SR f = 20/50 = 0.4, SR m = 30/49 = 0.612244…; highest m; IR f = 0.4 / (30/49) = 0.653333…;
 * four-fifths on the counts: 5·20·49 = 4900 < 4·30·50 = 6000, so f is flagged; m is not.
 */
function decisionsCsv(): string {
  const rows = ['sex,y'];
  for (let i = 0; i < 50; i++) rows.push(`f,${i < 20 ? 1 : 0}`);
  for (let i = 0; i < 49; i++) rows.push(`m,${i < 30 ? 1 : 0}`);
  rows.push('x,1');
  return rows.join('\n');
}
const outcomes = auditOutcomes(readDecisions(readRecordTable(decisionsCsv(), 'csv'), { groups: ['sex'], selected: 'y' }), { excludeSmall: true });

const SECTIONS = ['Summary', 'System audited', 'Data', 'Method', 'Results', 'Limitations', 'Reproduce'];

function checkStructure(html: string) {
  const h = headings(html);
  expect(h[0].level).toBe(1);
  expect(h.filter((x) => x.level === 2).map((x) => x.text)).toEqual(SECTIONS);
  h.forEach((x, i) => {
    if (i > 0) expect(x.level, `${x.text} after ${h[i - 1].text}`).toBeLessThanOrEqual(h[i - 1].level + 1);
  });
  const ts = tables(html);
  expect(ts.length).toBeGreaterThan(2);
  for (const t of ts) {
    expect(t).toMatch(/<caption>[^<]+<\/caption>/);
    expect(t).toMatch(/<thead><tr>(<th scope="col">[^<]*<\/th>)+<\/tr><\/thead>/);
  }
  const fs = figures(html);
  for (const f of fs) {
    expect(f).toMatch(/<figcaption id="[^"]+">[^<]+<\/figcaption>/);
    expect(f).toMatch(/<p class="description" id="[^"]+">[^<]{20,}<\/p>/);
    expect(f).toContain('<svg');
  }
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<link|@import|url\(|<img|<iframe/i);
  return { figures: fs.length };
}

describe('buildReport of a group-outcome audit (a decisions table)', () => {
  it('buildReport({ outcomes }) has the seven sections, accessible tables and figures, and nothing that runs or loads', async () => {
    const html = await buildReport({ outcomes, generatedAt: AT, fields: { auditor: 'Dana Auditor', distributionDate: '2026-01-15' } });
    expect(checkStructure(html).figures).toBe(1);
    expect(html).not.toMatch(/https?:\/\//);
    expect(section(html, 'data')).toContain('<dt>Auditor</dt><dd>Dana Auditor</dd>');
    expect(section(html, 'data')).toContain('<dt>Distribution date of the tool</dt><dd>2026-01-15</dd>');
  });

  it('empty fields read "not given", never a guess', async () => {
    const html = await buildReport({ outcomes, generatedAt: AT, fields: { auditor: '  ' } });
    expect(section(html, 'data')).toContain('<dt>Auditor</dt><dd>not given</dd>');
    expect(section(html, 'data')).toContain('<dt>Distribution date of the tool</dt><dd>not given</dd>');
  });

  it('the LL144 table holds the hand-worked counts, rates, impact ratios and exactly the four-fifths flags core set', async () => {
    const html = await buildReport({ outcomes, generatedAt: AT });
    const rows = hookedRows(html, 'll144');
    expect(rows.map((r) => r.header)).toEqual(['sex: f', 'sex: m (highest)', 'sex: x']);
    const [f, m, x] = rows;
    expect(f.cells.map((c) => c.value)).toEqual([50, 0.5, 20, 0.4, 0.4 / (30 / 49), undefined, undefined]);
    expect(f.cells[5].text).toBe('below 0.8');
    expect(m.cells.map((c) => c.value).slice(0, 5)).toEqual([49, 0.49, 30, 30 / 49, 1]);
    expect(m.cells[5].text).toBe('passes');
    expect(x.cells[0].value).toBe(1);
    expect(x.cells[6].text).toBe('under 2%, excluded');
    const flagged = rows.filter((r) => r.cells[5].text === 'below 0.8').map((r) => r.header);
    const core = outcomes.groupings.flatMap((g) => g.categories.filter((c) => c.four_fifths).map((c) => `${g.name}: ${c.category}`));
    expect(flagged).toEqual(core);
    expect(core).toEqual(['sex: f']);
    // The small categories, with their counts and rates, in their own table.
    expect(hookedRows(html, 'll144-small')).toEqual([{ header: 'sex: x', cells: [{ text: '1', value: 1 }, { text: '1.0%', value: 0.01 }, { text: '1.000', value: 1 }, { text: 'yes: left out of the highest rate and the impact ratios' }] }]);
    // The verdict: core's sentence.
    expect(section(html, 'summary')).toContain('sex: f is selected at 40.00% against m’s 61.22%');
  });

  it('limitations: the small category and the missing bootstrap are listed; an uninformative rule only when it is one', async () => {
    const html = await buildReport({ outcomes, generatedAt: AT });
    const list = limitations(html);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatch(/^Outcomes: 1 category is under 2% of the rows \(sex: x \(1\)\); they are excluded/);
    expect(list[1]).toMatch(/no bootstrap/);
    const everyone = auditOutcomes(readDecisions(readRecordTable('sex,y\nf,1\nf,1\nm,1\nm,1', 'csv'), { groups: ['sex'], selected: 'y' }));
    const all = limitations(await buildReport({ outcomes: everyone, generatedAt: AT }));
    expect(all.filter((l) => l.includes('uninformative'))).toHaveLength(1);
    expect(list.filter((l) => l.includes('uninformative'))).toHaveLength(0);
  });

  it('a partial run: each model that did not finish or could not run is a limitation', async () => {
    const list = limitations(await buildReport({ outcomes, generatedAt: AT, unfinished: [{ model: 'model-c', status: 'failed' }, { model: 'model-d', status: 'cancelled' }] }));
    expect(list).toContain('model-c could not run: it has no results here.');
    expect(list).toContain('A partial run: model-d did not finish (cancelled), so it has no results here.');
  });

  it('two reports of the same results differ only in the timestamp line', async () => {
    const a = (await buildReport({ outcomes, generatedAt: AT })).split('\n');
    const b = (await buildReport({ outcomes, generatedAt: '2027-01-01T00:00:00.000Z' })).split('\n');
    expect(a.length).toBe(b.length);
    const differing = a.map((l, i) => (l === b[i] ? -1 : i)).filter((i) => i >= 0);
    expect(differing).toHaveLength(1);
    expect(a[differing[0]]).toContain(AT);
  });
});

describe('buildReport of a screening audit', () => {
  const audited = screeningAudit(PARTS, [MODEL_A, MODEL_B], OPTIONS, { ...HEADER, dataset: { ...HEADER.dataset, manifestSha256: 'a'.repeat(64) } });
  const results = { ...audited, parameters: { ...audited.parameters, sample: null } };

  it('has the sections, the bias verdicts, every table with caption and header cells, and the plots with descriptions', async () => {
    const html = await buildReport({ results: [results], generatedAt: AT, siteUrl: 'https://fairground.example/' });
    expect(checkStructure(html).figures).toBeGreaterThanOrEqual(3);
    for (const hook of ['screening-validity', 'screening-bias', 'screening-consistency', 'screening-latency', 'll144', 'system']) expect(html, hook).toContain(`data-report="${hook}"`);
    // URLs: only the permalink, in Reproduce.
    const urls = [...html.matchAll(/https?:\/\/[^\s"<]*/g)].map((m) => m[0]);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^https:\/\/fairground\.example\/#r=[\w-]+$/);
    expect(section(html, 'reproduce')).toContain(urls[0]);
    // The link opens: core's decoder reads the report's deterministic deflate, and the numbers are the results'.
    const opened = await decodePermalink(urls[0].split('#')[1]);
    expect(opened.ok).toBe(true);
    if (opened.ok) {
      expect(opened.payload.kind).toBe('screening');
      const auc = (opened.payload.results as { models: { validity: { auc: { mean: number } } }[] }).models[0].validity.auc.mean;
      // As a link carries it (core/share/linkPrecision.ts).
      expect(auc).toBe(linkNumber(results.models[0].validity!.auc.mean));
    }
    expect(section(html, 'reproduce')).toContain('fairground run --dataset DATASET_DIR --task cv-screening --model model-a --model model-b --runs 3 --bootstrap 200 --seed 7 --reference-model model-b --out results.json');
  });

  it('a model’s decision cases (CV positions) and per-unit values (keyed by record id), kept in storage, stay out of the permalink, which is still made', async () => {
    const withCases = { ...results, models: results.models.map((m) => ({ ...m, cases: { flips: [{ original: 3, variant: 17, attribute: 'gender', group: 'female', signal: 'explicit', score: 60, variantScore: 40, selected: true, variantSelected: false }], flipCount: 1, variantCount: 48 } })) };
    const html = await buildReport({ results: [withCases], generatedAt: AT, siteUrl: 'https://fairground.example/' });
    const link = /https:\/\/fairground\.example\/#(r=[\w-]+)/.exec(html);
    expect(link).not.toBeNull();
    const opened = await decodePermalink(link![1]);
    expect(opened.ok && JSON.stringify(opened.payload).includes('"cases"')).toBe(false);
    expect(opened.ok).toBe(true);
    // The screening audit keeps perUnit, keyed by the records' ids: the report and its link are still made, without it.
    expect(results.models[0].perUnit).toBeDefined();
    expect(opened.ok && JSON.stringify(opened.payload).includes('"perUnit"')).toBe(false);
    expect(html).not.toContain('job-alpha');
  });

  it('the records’ texts, ids and names are not in it (the guard passes), and a report that would hold one is refused', async () => {
    const records = [...PARTS.jobs.map((j) => ({ id: j._id, data: j })), ...PARTS.variants.map((v) => ({ id: v.variant_id, data: v }))];
    const { reportForbiddenStrings } = await import('../../../src/report/index.ts');
    const forbidden = reportForbiddenStrings({ id: 'tiny', tasks: [] }, records);
    expect(forbidden.has('Greg Baker')).toBe(true);
    expect(forbidden.has('female')).toBe(false);
    const html = await buildReport({ results: [results], generatedAt: AT, forbidden });
    for (const s of ['Greg Baker', 'job-alpha', 'cv-001', 'Secret job description']) expect(html).not.toContain(s);
    const leaky = { ...results, models: results.models.map((m, i) => (i === 0 ? { ...m, model: { ...m.model, label: 'Greg Baker' } } : m)) };
    await expect(buildReport({ results: [leaky], generatedAt: AT, forbidden })).rejects.toThrow(/Greg Baker/);
  });

  it('Data: the manifest’s shards and languages when it is given, one’s own candidates’ generation counts and settings', async () => {
    const generation = { generated: 40, accepted: 31, rejected: 6, edited: 3, notMade: 2, settings: { neutralise: true, names: 'replace' as const, names_per_group: 2, attributes: ['gender'], gender_names_ethnicity: 'white', other_names_gender: 'seeded' as const, name_lists: [] } };
    const mine = { ...results, dataset: { ...results.dataset, generation } };
    const manifest = { id: 'tiny', version: '1.0.0', title: 'My candidates', languages: ['en', 'nl'], tasks: [], shards: [{ name: 'cvs', kind: 'cvs' as const, path: 'cvs.jsonl', records: 6, sha256: 'b'.repeat(64) }] };
    const data = section(await buildReport({ results: [mine], generatedAt: AT, manifest }), 'data');
    expect(data).toContain('<dt>Languages</dt><dd>en, nl</dd>');
    expect(hookedRows(data, 'shards')).toEqual([{ header: 'cvs (cvs.jsonl)', cells: [{ text: 'cvs' }, { text: '6', value: 6 }, { text: 'b'.repeat(64) }] }]);
    expect(hookedRows(data, 'generation')[0].cells.map((c) => c.value)).toEqual([40, 31, 3, 6, 2]);
    expect(data).toContain('<dt>Names</dt><dd>replace, 2 per group</dd>');
    // Another dataset's manifest (or none) is not used: the report says what it lacks.
    const without = section(await buildReport({ results: [mine], generatedAt: AT, manifest: { ...manifest, version: '2.0.0' } }), 'data');
    expect(without).toContain('<dt>Languages</dt><dd>not given</dd>');
    expect(without).not.toContain('data-report="shards"');
  });

  it('limitations: uncalibrated scores and missing labels exactly when they apply', async () => {
    const base = limitations(await buildReport({ results: [results], generatedAt: AT }));
    expect(base.filter((l) => /not calibrated/.test(l))).toEqual([]);
    expect(base.filter((l) => /no relevance labels/.test(l))).toEqual([]);
    const uncalibrated = { ...results, models: results.models.map((m) => (m.model.id === 'model-b' ? { ...m, model: { ...m.model, uncalibrated: true as const } } : m)) };
    const u = limitations(await buildReport({ results: [uncalibrated], generatedAt: AT }));
    expect(u.filter((l) => /not calibrated/.test(l))).toEqual(['model-b: the scores are not calibrated (calibrated similarity without labels, 50·(1 + cos)), so a fixed cut-off on them means nothing.']);
    const unlabelled = { ...results, models: results.models.map((m) => (m.model.id === 'model-a' ? { ...m, validity: null } : m)) };
    const n = limitations(await buildReport({ results: [unlabelled], generatedAt: AT }));
    expect(n.filter((l) => /no relevance labels/.test(l))).toEqual(['model-a: no relevance labels on the test split, so validity (AUC, balanced accuracy, macro-F1, Precision@5) is not measured.']);
  });
});
