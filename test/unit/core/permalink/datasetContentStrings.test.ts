/**
 * What the permalink guard refuses: every string a stored record carries
 * (values at any depth, keys below the record's own fields), less what the
 * manifest declares. A record's `lang` used to be left out, so a secret
 * smuggled into it reached the link as a `perLang` key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { assertNoDatasetContent, datasetContentStrings, DatasetContentError, locatedPayloadStrings } from '../../../../src/core/permalink/index.ts';
import { parseResults } from '../../../../src/core/audit/retrieval/results.ts';
import { retrievalPayload as linkPayload } from '../../../../src/core/share/index.ts';
import { main } from '../../../../src/cli/main.ts';
import { memoryIo } from '../../cli/memoryIo.ts';
import { multiTaskPayload, retrievalPayload, screeningPayload } from './fixtures.ts';

const SECRET_LANG = 'ssn-078-05-1120';

const manifest = {
  id: 'leaky',
  version: '1.0.0',
  title: 'A dataset with a secret in a record',
  languages: ['en', 'de'],
  tasks: [
    { type: 'retrieval', name: 'briefs', corpus: 'corpus', queries: 'queries', qrels: 'qrels' },
    { type: 'twins', name: 'gender-briefs', of: 'briefs', twins: 'twins', attribute: 'gender', groups: ['female', 'male'] },
  ],
  shards: [{ name: 'corpus', kind: 'corpus', path: 'corpus.jsonl', records: 2, bytes: 0, sha256: '0'.repeat(64) }],
};

const records = [
  { id: 'en-p0001', data: { _id: 'en-p0001', text: 'Backend engineer with Django.', lang: 'en', meta: { occupation: 'backend-developer', skills: ['Django', 'PostgreSQL'], 'contact-by': 'phone' } } },
  { id: 'xx-p0002', data: { _id: 'xx-p0002', title: 'Hidden', text: 'Pastry chef.', lang: SECRET_LANG } },
  { id: 'en-p0001', data: { id: 'en-p0001', twin_id: 'en-p0001-twin', twin_text: 'Backend engineer with Django, she.', group: 'female', twin_group: 'male', lang: 'en' } },
  { id: 'en-b01#en-p0001', data: { query_id: 'en-b01', corpus_id: 'en-p0001', score: 3 } },
];

describe('datasetContentStrings(manifest, records)', () => {
  const forbidden = datasetContentStrings(manifest, records);

  it('holds a record lang the manifest does not declare', () => {
    expect(forbidden.has(SECRET_LANG)).toBe(true);
  });

  it('holds every record-level value: ids, texts, titles, twins, qrels ids and meta values', () => {
    for (const s of ['en-p0001', 'xx-p0002', 'Hidden', 'Pastry chef.', 'Backend engineer with Django.', 'en-p0001-twin', 'Backend engineer with Django, she.', 'en-b01', 'en-b01#en-p0001', 'backend-developer', 'Django', 'PostgreSQL', 'phone']) {
      expect(forbidden.has(s), s).toBe(true);
    }
  });

  it('leaves out field names at any depth (meta’s keys are the dataset’s columns, structure, not a person’s data: issue 47)', () => {
    for (const s of ['contact-by', 'occupation', 'skills']) expect(forbidden.has(s), s).toBe(false);
  });

  it('leaves out what the manifest declares (languages, groups, task names) and the record fields themselves', () => {
    for (const s of ['en', 'de', 'female', 'male', 'briefs', 'gender-briefs', 'gender', '_id', 'text', 'lang', 'meta', 'twin_text', 'query_id', 'corpus_id', 'score']) {
      expect(forbidden.has(s), s).toBe(false);
    }
  });

  it('makes the guard refuse a link whose perLang is keyed by the secret lang, naming where it sits', () => {
    const p = retrievalPayload();
    const model = (p.results.subsets as { models: { robustness: { perLang: Record<string, unknown> } }[] }[])[0].models[1];
    model.robustness.perLang[SECRET_LANG] = model.robustness.perLang.en;
    expect(() => assertNoDatasetContent(p, forbidden)).toThrow(DatasetContentError);
    expect(() => assertNoDatasetContent(p, forbidden)).toThrow(`the key “${SECRET_LANG}” under “robustness › perLang” of the model “BM25”, in the query set “briefs” is "${SECRET_LANG}"`);
  });

  it('passes every results kind when a dataset’s fields are named like every key of its results, and still refuses their values', () => {
    for (const payload of [retrievalPayload(), screeningPayload(), multiTaskPayload()]) {
      const keys = [...locatedPayloadStrings(payload)].filter((s) => s.isKey).map((s) => s.value);
      expect(keys.length).toBeGreaterThan(10);
      const meta = Object.fromEntries(keys.map((k, i) => [k, { [k]: `value-${i}-of-${k}` }]));
      const named = datasetContentStrings({}, [{ id: 'cv-0001', data: { _id: 'cv-0001', ...Object.fromEntries(keys.map((k) => [k, `top-${k}`])), meta } }]);
      expect(() => assertNoDatasetContent(payload, named)).not.toThrow();
      const leaky = { ...payload, parameters: { ...payload.parameters, note: `value-0-of-${keys[0]}` } };
      expect(() => assertNoDatasetContent(leaky, named)).toThrow(DatasetContentError);
    }
  });

  it('lets an ordinary link through: metric names, declared groups and languages', () => {
    expect(() => assertNoDatasetContent(retrievalPayload(), forbidden)).not.toThrow();
  });
});

/** The records of a bundled dataset folder, read from its shards on disk (JSON Lines and qrels TSV). */
function recordsOnDisk(dir: string): { id: string; data: unknown }[] {
  const out: { id: string; data: unknown }[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.gz'))) {
    const lines = gunzipSync(readFileSync(`${dir}/${name}`)).toString('utf8').split('\n').filter(Boolean);
    if (name.includes('.tsv')) {
      for (const line of lines.slice(1)) {
        const [query_id, corpus_id, score] = line.split('\t');
        out.push({ id: `${query_id}#${corpus_id}`, data: { query_id, corpus_id, score: Number(score) } });
      }
    } else for (const line of lines) out.push({ id: '', data: JSON.parse(line) });
  }
  return out;
}

describe('the guard on the bundled freelance-twins dataset', () => {
  it("lets the real link of a run through, and refuses any record string put in it", async () => {
    const dir = 'datasets/freelance-twins';
    const forbidden = datasetContentStrings(JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8')), recordsOnDisk(dir));
    expect(forbidden.size).toBeGreaterThan(5000);
    const io = memoryIo({});
    expect(await main(['run', '--dataset', dir, '--task', 'briefs', '--model', 'bm25,tfidf', '--bootstrap', '10'], io), io.err).toBe(0);
    const payload = linkPayload(parseResults(JSON.parse(io.out)), 'full');
    expect(() => assertNoDatasetContent(payload, forbidden)).not.toThrow();
    const leaky = { ...payload, parameters: { ...payload.parameters, groups: ['female', 'ENTRY'] } };
    expect(() => assertNoDatasetContent(leaky, forbidden)).toThrow('item 2 of “parameters › groups” is "ENTRY"');
  }, 120_000);
});
