/**
 * Auditing a system Fairground cannot run (issue 13): its inputs exported
 * for scoring, its scores imported and matched, and the same audit run on
 * them. The check that the audit is "the same as for a model": scores that
 * equal a built-in model's give that model's numbers exactly.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../../../src/cli/main.ts';
import { memoryIo } from '../../../cli/memoryIo.ts';
import { folderDataset } from '../../../../../src/cli/node/datasetPort.ts';
import { loadRetrieval, selectTasks } from '../../../../../src/core/audit/retrieval/data.ts';
import { bm25Scorer } from '../../../../../src/core/audit/retrieval/scoring.ts';
import { runScreening } from '../../../../../src/core/audit/run/screening.ts';
import { screeningWorkList, type ScreeningModelScores } from '../../../../../src/core/audit/screening/input.ts';
import { loadScreening, selectScreeningTask } from '../../../../../src/core/audit/screening/data.ts';
import { scoreFileHeader } from '../../../../../src/core/audit/imported/scoreFileHeader.ts';
import { nodeIo } from '../../../../../src/cli/node/nodeIo.ts';
import { sha256Hex } from '../../../../../src/core/sha256.ts';

const TWINS = 'datasets/freelance-twins';
const SCREENING = 'datasets/cv-screening';

/** The CLI over the real dataset folders, score files from memory. */
async function cli(argv: string[], files: Record<string, string> = {}) {
  const io = memoryIo(files);
  const inMemory = (p: string) => p in files;
  const code = await main(argv, {
    ...nodeIo,
    readText: (p) => (inMemory(p) ? io.readText(p) : nodeIo.readText(p)),
    readBytes: (p) => (inMemory(p) ? io.readText(p).then((t) => new TextEncoder().encode(t)) : nodeIo.readBytes!(p)),
    isDirectory: (p) => (inMemory(p) ? Promise.resolve(false) : nodeIo.isDirectory!(p)),
    sha256: async (p) => (inMemory(p) ? sha256Hex(new TextEncoder().encode(files[p])) : nodeIo.sha256!(p)),
    checkInput: (p, kind) => (inMemory(p) ? Promise.resolve() : nodeIo.checkInput!(p, kind)),
    stdout: io.stdout,
    stderr: io.stderr,
  });
  return { code, out: io.out, err: io.err };
}

/** BM25's scores of every document and twin for every query of `briefs`, as an outside system would send them (TSV). */
async function bm25ScoreFile(withHeader: boolean): Promise<string> {
  const dataset = await folderDataset(TWINS);
  const data = await loadRetrieval(dataset.read, selectTasks(dataset.manifest, 'briefs'));
  const s = data.subsets[0];
  const score = bm25Scorer({ queries: data.queryTexts, corpus: data.corpusTexts, twins: s.twinTexts });
  const lines: string[] = withHeader ? [scoreFileHeader({ id: dataset.manifest.id, version: dataset.manifest.version, manifestSha256: dataset.manifestSha256 })] : [];
  s.subset.queries.forEach((q, i) => {
    const row = score(i);
    s.subset.corpus.forEach((d, j) => lines.push(`${q.id}\t${d.id}\t${row.corpus[j]}`));
    s.subset.twins.forEach((t, j) => lines.push(`${q.id}\t${t.twinId}\t${row.twins[j]}`));
  });
  return lines.join('\n') + '\n';
}

/** A model's numbers without what names it: its descriptor, timing, and the verdict sentence (which names the model). */
const strip = (m: Record<string, unknown>) => ({ ...m, model: undefined, timing: undefined, groupFairness: m.groupFairness ? { ...(m.groupFairness as object), verdict: undefined } : undefined });

describe('fairground export-for-scoring', () => {
  it('writes every query, document and twin of a retrieval task once, after a header naming the dataset, version and manifest SHA-256', async () => {
    const r = await cli(['export-for-scoring', '--dataset', TWINS, '--task', 'briefs']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l));
    const dataset = await folderDataset(TWINS);
    expect(lines[0]).toMatchObject({ kind: 'header', dataset: 'freelance-twins', version: dataset.manifest.version, manifest_sha256: dataset.manifestSha256, task: 'briefs' });
    const data = await loadRetrieval(dataset.read, selectTasks(dataset.manifest, 'briefs'));
    const count = (k: string) => lines.filter((l) => l.kind === k).length;
    expect(count('query')).toBe(data.queryTexts.length);
    expect(count('document')).toBe(data.corpusTexts.length);
    expect(count('twin')).toBe(data.subsets[0].twinTexts.length);
    expect(new Set(lines.slice(1).map((l) => `${l.kind}:${l.id}`)).size).toBe(lines.length - 1);
  });

  it('writes every job × CV × variant pair of a screening task as CSV, the originals as variant orig', async () => {
    const r = await cli(['export-for-scoring', '--dataset', SCREENING, '--task', 'cv-screening', '--format', 'csv', '--runs', '3']);
    expect(r.code).toBe(0);
    const dataset = await folderDataset(SCREENING);
    const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, 'cv-screening'));
    const work = screeningWorkList(data.parts);
    const records = r.out.split('\r\n').filter(Boolean);
    expect(records[0]).toBe('job_id,cv_id,variant_id,job_text,cv_text');
    expect(records[1]).toBe(`dataset,cv-screening@${dataset.manifest.version},sha256:${dataset.manifestSha256},,`);
    // Texts hold commas and quotes, so records are counted by their opening ids, not by lines.
    expect(r.out.match(/\r\n[^,\r\n"]+,[^,\r\n"]+,orig,/g)?.length).toBe(work.originals.length);
  });
});

describe('fairground run --scores NAME=FILE (retrieval)', () => {
  it('audits imported scores exactly as the model that made them: BM25 scores imported give BM25’s numbers', async () => {
    const file = await bm25ScoreFile(true);
    const r = await cli(['run', '--dataset', TWINS, '--task', 'briefs', '--model', 'bm25', '--scores', 'outside-bm25=scores.tsv', '--bootstrap', '50', '--seed', '2'], { 'scores.tsv': file });
    expect(r.err).toBe('');
    const results = JSON.parse(r.out);
    const [builtin, imported] = results.subsets[0].models;
    expect(imported.model).toMatchObject({ id: 'imported:outside-bm25', label: 'outside-bm25', kind: 'imported' });
    expect(strip(imported)).toEqual(strip(builtin));
  }, 60_000);

  it('refuses, naming the file and what is wrong: an unknown id, an unscored twin, a NaN, a duplicate row, another dataset version', async () => {
    const good = await bm25ScoreFile(false);
    const lines = good.trim().split('\n');
    const dataset = await folderDataset(TWINS);
    const twinIds = new Set((await dataset.read('twins-gender', 'twins')).map((t) => t.twin_id));
    const twinLine = lines.findIndex((l) => twinIds.has(l.split('\t')[1]));
    expect(twinLine).toBeGreaterThan(0);
    const cases: [string, string, RegExp][] = [
      ['unknown id', `${good}qx-unknown\td1\t0.5\n`, /scores\.tsv: query ids not in the dataset: 1 \("qx-unknown"\)/],
      ['unscored twin', lines.filter((_, i) => i !== twinLine).join('\n') + '\n', /scores\.tsv: every twin pair needs a score for every query; missing \(query\/document\): 1 /],
      ['NaN', good.replace(/\t[^\t\n]+\n/, '\tNaN\n'), /scores\.tsv:1: score is not a number: "NaN"/],
      ['duplicate row', `${lines[0]}\n${good}`, /scores\.tsv:2: document "[^"]+" appears twice for query/],
      ['another version', `# fairground-dataset: freelance-twins@0.0.1 sha256:${'0'.repeat(64)}\n${good}`, /scores\.tsv:1: these scores are for freelance-twins@0\.0\.1/],
    ];
    for (const [what, text, expected] of cases) {
      const r = await cli(['run', '--dataset', TWINS, '--task', 'briefs', '--scores', 'x=scores.tsv', '--bootstrap', '0'], { 'scores.tsv': text });
      expect(r.code, what).toBe(2);
      expect(r.err, what).toMatch(expected);
      expect(r.err.split('\n'), what).toHaveLength(2);
    }
  }, 60_000);
});

describe('fairground run --scores NAME=FILE (screening)', () => {
  it('audits imported screening scores exactly as the model that made them, and several runs give consistency', async () => {
    const dataset = await folderDataset(SCREENING);
    const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, 'cv-screening'));
    const work = screeningWorkList(data.parts);
    // Scores of a made-up system: a fixed function of the ids, 3 runs of the originals that differ a little.
    const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1000, 7) / 10;
    const rows: string[] = ['job\tcv\tvariant\trun\tscore'];
    for (let run = 1; run <= 3; run++) for (const p of work.originals) rows.push(`${p.jobId}\t${p.cvId}\torig\t${run}\t${Math.min(100, hash(p.jobId + p.cvId) + run * 0.5)}`);
    for (const p of work.variants) rows.push(`${p.jobId}\t${p.cvId}\t${p.variantId}\t1\t${hash(p.jobId + p.variantId)}`);
    const text = rows.join('\n') + '\n';
    const r = await cli(['run', '--dataset', SCREENING, '--task', 'cv-screening', '--scores', 'vendor=s.tsv', '--bootstrap', '40'], { 's.tsv': text });
    expect(r.err).toBe('');
    const results = JSON.parse(r.out);
    const m = results.models[0];
    expect(m.model).toMatchObject({ id: 'imported:vendor', kind: 'imported' });
    expect(m.runs).toBe(3);
    expect(m.consistency).not.toBeNull();

    // The same scores given to the audit directly (as a model's) give the same numbers.
    const scores: ScreeningModelScores = {
      model: { id: 'imported:vendor', label: 'vendor', kind: 'imported', revision: `sha256:${sha256Hex(new TextEncoder().encode(text))}`, dtype: '-', device: '-' },
      runs: [1, 2, 3].map((run) => Float64Array.from(work.originals, (p) => Math.min(100, hash(p.jobId + p.cvId) + run * 0.5))),
      variants: Float64Array.from(work.variants, (p) => hash(p.jobId + p.variantId)),
      deterministicByConstruction: false,
      latency: { callsMs: new Float64Array(0), pairs: 0 },
    };
    const direct = await runScreening(
      { task: 'cv-screening', runs: 7, bootstrap: 40, seed: 0, referenceModel: 'imported:vendor', models: [{ key: 'v', kind: 'calibrated', descriptor: scores.model, open: async () => { throw new Error('not opened'); } }], environment: { runtime: 'node' } },
      { dataset },
      { finished: { v: scores } },
    );
    expect(JSON.parse(JSON.stringify(direct.models[0]))).toEqual(m);
  }, 60_000);

  it('refuses an unscored variant, a score outside 0–100 and an unknown pair, naming the file', async () => {
    const dataset = await folderDataset(SCREENING);
    const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, 'cv-screening'));
    const work = screeningWorkList(data.parts);
    const base = [...work.originals.map((p) => `${p.jobId}\t${p.cvId}\torig\t1\t50`), ...work.variants.map((p) => `${p.jobId}\t${p.cvId}\t${p.variantId}\t1\t50`)];
    const cases: [string, string[], RegExp][] = [
      ['unscored variant', base.slice(0, -1), /s\.tsv: every original \(in every run\) and every variant needs a score; missing: 1 /],
      ['out of range', [base[0].replace(/\t50$/, '\t150'), ...base.slice(1)], /s\.tsv: scores must be on the 0–100 scale/],
      ['unknown pair', [...base, 'job-x\tcv-y\torig\t1\t50'], /s\.tsv: pairs not in the screening task \(job\/cv\/variant\): 1 \("job-x\/cv-y\/orig"\)/],
    ];
    for (const [what, lines, expected] of cases) {
      const r = await cli(['run', '--dataset', SCREENING, '--task', 'cv-screening', '--scores', 'x=s.tsv', '--bootstrap', '0'], { 's.tsv': lines.join('\n') + '\n' });
      expect(r.code, what).toBe(2);
      expect(r.err, what).toMatch(expected);
    }
  }, 60_000);
});

describe('imported scores that rank only the top documents (a TREC run cut at depth k)', () => {
  it('audits a run of the top 20 per query (twin pairs kept): unreturned documents rank last, and the effectiveness at k ≤ 20 is that of the full scores', async () => {
    const full = (await bm25ScoreFile(false)).trim().split('\n').map((l) => l.split('\t'));
    const dataset = await folderDataset(TWINS);
    const twins = await dataset.read('twins-gender', 'twins');
    const inPair = new Set(twins.flatMap((t) => [t.id, t.twin_id]));
    const byQuery = new Map<string, string[][]>();
    for (const row of full) byQuery.set(row[0], [...(byQuery.get(row[0]) ?? []), row]);
    const cut: string[] = [];
    for (const rows of byQuery.values()) {
      const ranked = rows.filter((r) => !inPair.has(r[1])).sort((a, b) => Number(b[2]) - Number(a[2]) || (a[1] < b[1] ? 1 : -1));
      const top = new Set(ranked.slice(0, 20).map((r) => r[1]));
      for (const r of rows) if (top.has(r[1]) || inPair.has(r[1])) cut.push(r.join('\t'));
    }
    const files = { 'full.tsv': full.map((r) => r.join('\t')).join('\n') + '\n', 'top.tsv': cut.join('\n') + '\n' };
    const r = await cli(['run', '--dataset', TWINS, '--task', 'briefs', '--scores', 'full=full.tsv', '--scores', 'top20=top.tsv', '--k', '10', '--bootstrap', '0'], files);
    expect(r.err).toBe('');
    const [a, b] = JSON.parse(r.out).subsets[0].models;
    expect(b.effectiveness).toEqual(a.effectiveness);
  }, 60_000);
});

describe('fairground run --write-run F --per-query F', () => {
  it('writes each model’s ranking as a TREC run that eval retrieval scores as run did, and each query’s values', async () => {
    const files: Record<string, string> = {};
    const io = memoryIo(files);
    const argv = ['run', '--dataset', TWINS, '--task', 'briefs', '--model', 'bm25', '--bootstrap', '0', '--write-run', 'bm25.trec', '--per-query', 'pq.jsonl'];
    expect(await main(argv, { ...nodeIo, writeFile: io.writeFile, stdout: io.stdout, stderr: io.stderr })).toBe(0);
    const results = JSON.parse(io.out);
    const model = results.subsets[0].models[0];
    const manifest = JSON.parse(await nodeIo.readText(`${TWINS}/manifest.json`));
    const qrelsTask = manifest.tasks.find((t: { name: string }) => t.name === 'briefs');
    const qrelsPath = manifest.shards.find((s: { name: string }) => s.name === qrelsTask.qrels).path;
    const evalIo = memoryIo({ 'bm25.trec': files['bm25.trec'], 'qrels.tsv': await nodeIo.readText(`${TWINS}/${qrelsPath}`) });
    expect(await main(['eval', 'retrieval', '--qrels', 'qrels.tsv', '--run', 'bm25.trec', '--k', '10', '--threshold', String(results.parameters.relevanceThreshold ?? qrelsTask.relevance_threshold)], evalIo)).toBe(0);
    const evaluated = JSON.parse(evalIo.out);
    for (const key of ['ndcg@10', 'p@10', 'mrr@10']) expect(evaluated.mean[key]).toBeCloseTo(model.effectiveness[key].mean, 12);
    const rows = files['pq.jsonl'].trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(model.nQueries);
    expect(rows.reduce((a: number, r: { 'ndcg@10': number }) => a + r['ndcg@10'], 0) / rows.length).toBeCloseTo(model.effectiveness['ndcg@10'].mean, 12);
  }, 60_000);
});

describe('group outcomes of a screening run (the variants at the decision threshold)', () => {
  it('gives each attribute’s selection rates and impact ratios, counted here by hand from the scores and the threshold', async () => {
    const dataset = await folderDataset(SCREENING);
    const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, 'cv-screening'));
    const work = screeningWorkList(data.parts);
    const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1000, 7) / 10;
    const rows = [...work.originals.map((p) => `${p.jobId}\t${p.cvId}\torig\t1\t${hash(p.jobId + p.cvId)}`), ...work.variants.map((p) => `${p.jobId}\t${p.cvId}\t${p.variantId}\t1\t${hash(p.jobId + p.variantId)}`)];
    const r = await cli(['run', '--dataset', SCREENING, '--task', 'cv-screening', '--scores', 'vendor=s.tsv', '--bootstrap', '0'], { 's.tsv': rows.join('\n') + '\n' });
    expect(r.err).toBe('');
    const m = JSON.parse(r.out).models[0];
    const threshold = m.validity.threshold;
    const cue = new Map(data.parts.variants.map((v) => [v.variant_id, v]));
    const attributes = [...new Set(data.parts.variants.map((v) => v.attribute).filter((a) => a !== 'noise'))];
    expect(m.outcomes.map((o: { attribute: string }) => o.attribute)).toEqual(attributes);
    for (const o of m.outcomes) {
      expect(o.threshold).toBe(threshold);
      const counts = new Map<string, { n: number; selected: number }>();
      for (const p of work.variants) {
        const v = cue.get(p.variantId)!;
        if (v.attribute !== o.attribute) continue;
        const c = counts.get(v.group) ?? { n: 0, selected: 0 };
        c.n++;
        if (hash(p.jobId + p.variantId) >= threshold) c.selected++;
        counts.set(v.group, c);
      }
      const rates = new Map([...counts].map(([g, c]) => [g, c.selected / c.n]));
      const highest = Math.max(...rates.values());
      const grouping = o.outcomes.groupings[0];
      expect(grouping.categories.map((c: { category: string }) => c.category).sort()).toEqual([...counts.keys()].sort());
      for (const c of grouping.categories) {
        expect(c.n).toBe(counts.get(c.category)!.n);
        expect(c.selected).toBe(counts.get(c.category)!.selected);
        expect(c.selection_rate).toBeCloseTo(rates.get(c.category)!, 12);
        expect(c.impact_ratio).toBeCloseTo(rates.get(c.category)! / highest, 12);
        expect(c.four_fifths).toBe(rates.get(c.category)! / highest < 0.8);
      }
    }
  }, 60_000);
});

describe('fairground run --vectors NAME=FILE (embeddings computed elsewhere)', () => {
  /** GloVe's vectors of every corpus document, query and twin of briefs, as JSON Lines — what an outside pipeline would hand over. */
  async function gloveVectors(): Promise<string[]> {
    const { resolveModel } = await import('../../../../../src/cli/node/modelChoice.ts');
    const { openNodeEmbedder } = await import('../../../../../src/cli/node/embedderPort.ts');
    const choice = resolveModel('fairground-glove-100d');
    if (choice.kind !== 'embedding') throw new Error('GloVe is an embedding model');
    const embedder = await openNodeEmbedder(choice);
    const dataset = await folderDataset(TWINS);
    const data = await loadRetrieval(dataset.read, selectTasks(dataset.manifest, 'briefs'));
    const s = data.subsets[0].subset;
    const lines: string[] = [];
    const add = async (ids: readonly string[], texts: readonly string[], role: 'query' | 'document') => {
      const v = await embedder.embed(texts, role);
      ids.forEach((id, i) => lines.push(JSON.stringify({ id, vector: Array.from(v.vectors.subarray(i * v.dims, (i + 1) * v.dims)) })));
    };
    await add(s.corpus.map((d) => d.id), data.corpusTexts, 'document');
    await add(s.queries.map((q) => q.id), data.queryTexts, 'query');
    await add(s.twins.map((t) => t.twinId), data.subsets[0].twinTexts, 'document');
    await embedder.dispose();
    return lines;
  }

  it('audits vectors made outside exactly as the model that made them (1e-12), naming them with their file’s SHA-256', async () => {
    const lines = await gloveVectors();
    const r = await cli(['run', '--dataset', TWINS, '--task', 'briefs', '--model', 'fairground-glove-100d', '--vectors', 'glove-outside=v.jsonl', '--bootstrap', '50', '--seed', '4'], { 'v.jsonl': lines.join('\n') + '\n' });
    expect(r.err).toBe('');
    const [glove, outside] = JSON.parse(r.out).subsets[0].models;
    expect(outside.model).toMatchObject({ id: 'vectors:glove-outside', kind: 'imported' });
    expect(outside.model.revision).toMatch(/^sha256:[0-9a-f]{64}$/);
    const nums = (v: unknown) => JSON.stringify(v, (k, x) => (k === 'model' || k === 'timing' || k === 'unitsSha256' || k === 'verdict' ? undefined : x)).match(/-?\d+(\.\d+)?(e[-+]?\d+)?/g)!.map(Number);
    const [a, b] = [nums(glove), nums(outside)];
    expect(b.length).toBe(a.length);
    a.forEach((x, i) => expect(Math.abs(x - b[i])).toBeLessThanOrEqual(1e-12));
  }, 120_000);

  it('refuses missing or extra ids, another dimension, a non-finite value, an id twice — naming the file, keeping nothing', async () => {
    const lines = await gloveVectors();
    const withDim = (l: string, n: number) => JSON.stringify({ ...JSON.parse(l), vector: JSON.parse(l).vector.slice(0, n) });
    const cases: [string, string[], RegExp][] = [
      ['missing id', lines.slice(1), /v\.jsonl: no vector for these ids of the dataset: 1 /],
      ['extra id', [...lines, JSON.stringify({ id: 'not-in-the-dataset', vector: JSON.parse(lines[0]).vector })], /v\.jsonl: vectors for ids the run does not have \(another dataset or version\?\): 1 \("not-in-the-dataset"\)/],
      ['another dimension', [lines[0], withDim(lines[1], 50), ...lines.slice(2)], /v\.jsonl:2: "vector" of "[^"]+" has 50 values; the first line's has 100/],
      ['non-finite', [lines[0], lines[1].replace(/\[(-?[\d.e-]+)/, '[null'), ...lines.slice(2)], /v\.jsonl:2: "vector" of "[^"]+": value 0 is not a finite number \(null\)/],
      ['twice', [...lines, lines[0]], /v\.jsonl:\d+: id "[^"]+" appears twice/],
    ];
    for (const [what, file, expected] of cases) {
      const r = await cli(['run', '--dataset', TWINS, '--task', 'briefs', '--vectors', 'x=v.jsonl', '--bootstrap', '0'], { 'v.jsonl': file.join('\n') + '\n' });
      expect(r.code, what).toBe(2);
      expect(r.err, what).toMatch(expected);
    }
  }, 120_000);
});
