/**
 * The app's permalink guard reads the forbidden strings from the stored
 * dataset (IndexedDB, here fake-indexeddb). A corpus record with a
 * secret-looking `lang` must block the link; its declared languages and
 * groups must not.
 */
import { describe, expect, it } from 'vitest';
import { freshDb, gzip, jsonl, memorySource, packageFiles, utf8 } from '../storage/fixtures.ts';
import { importDataset } from '../../../src/storage/index.ts';
import { datasetStrings } from '../../../src/app/results/datasetStrings.ts';
import { assertNoDatasetContent, DatasetContentError } from '../../../src/core/permalink/index.ts';
import { retrievalPayload } from '../core/permalink/fixtures.ts';

const SECRET_LANG = 'acct-4417-2209';

function leakyPackage() {
  const corpus = [
    { _id: 'd-0001', text: 'Backend engineer with Django.', lang: 'en' },
    { _id: 'd-0002', text: 'Pastry chef with ten years in Lyon.', lang: SECRET_LANG },
  ];
  const queries = [{ _id: 'q-0001', text: 'django developer', lang: 'en' }];
  const qrels = 'query-id\tcorpus-id\tscore\nq-0001\td-0001\t3\n';
  const twins = [{ id: 'd-0001', twin_id: 'd-0001-t', twin_text: 'Backend engineer with Django; she.', group: 'female', twin_group: 'male', lang: 'en' }];
  return packageFiles(
    'leaky',
    [
      { name: 'corpus', kind: 'corpus', path: 'corpus.jsonl.gz', bytes: gzip(utf8(jsonl(corpus))), records: 2 },
      { name: 'queries', kind: 'queries', path: 'queries.jsonl', bytes: utf8(jsonl(queries)), records: 1 },
      { name: 'qrels', kind: 'qrels', path: 'qrels.tsv', bytes: utf8(qrels) },
      { name: 'twins', kind: 'twins', path: 'twins.jsonl', bytes: utf8(jsonl(twins)), records: 1 },
    ],
    [
      { type: 'retrieval', name: 'briefs', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 1, k: [10] },
      { type: 'twins', name: 'gender-briefs', of: 'briefs', twins: 'twins', attribute: 'gender', groups: ['female', 'male'] },
    ],
  );
}

describe('datasetStrings(db, datasetId)', () => {
  it("refuses a link that carries a record's undeclared lang as a perLang key, and passes an ordinary one", async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(leakyPackage()), { storage: null });
    const forbidden = await datasetStrings(db, 'leaky');
    for (const s of [SECRET_LANG, 'd-0001', 'd-0002', 'q-0001', 'd-0001-t', 'Pastry chef with ten years in Lyon.']) expect(forbidden.has(s), s).toBe(true);
    for (const s of ['en', 'female', 'male', 'briefs', 'gender-briefs']) expect(forbidden.has(s), s).toBe(false);

    const p = retrievalPayload();
    expect(() => assertNoDatasetContent(p, forbidden)).not.toThrow();
    const model = (p.results.subsets as { models: { robustness: { perLang: Record<string, unknown> } }[] }[])[0].models[0];
    model.robustness.perLang[SECRET_LANG] = model.robustness.perLang.en;
    expect(() => assertNoDatasetContent(p, forbidden)).toThrow(DatasetContentError);
  });

  it('is empty for a dataset that is not stored here', async () => {
    expect((await datasetStrings(await freshDb(), 'absent')).size).toBe(0);
  });
});
