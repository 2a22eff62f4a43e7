/**
 * A tiny retrieval-fairness package written to a temporary folder, with a unique planted string in
 * every field a record has — ids, titles, texts, twin texts, meta keys and values, qrels ids — so a
 * report test can ask whether any of them reached the report. The categories (`group`,
 * `twin_group`) and languages are the audit's vocabulary, declared in the manifest, and are not
 * planted: a report must name them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every planted string, by where it was planted. */
export const PLANTED: string[] = [];
const plant = (where: string) => {
  const s = `PLANTED-${where}-zq${PLANTED.length}x`;
  PLANTED.push(s);
  return s;
};

export function writePlantedDataset(): string {
  PLANTED.length = 0;
  const dir = mkdtempSync(join(tmpdir(), 'fairground-planted-'));
  const langs = ['en', 'fr'];
  const docs = Array.from({ length: 8 }, (_, i) => ({
    _id: plant(`doc${i}-id`),
    title: plant(`doc${i}-title`),
    text: `${plant(`doc${i}-text`)} ${i % 2 ? 'engineer python cloud' : 'designer figma brand'} she her experience ${i}`,
    lang: langs[i % 2],
    meta: { [plant(`doc${i}-metakey`)]: plant(`doc${i}-metavalue`) },
  }));
  const queries = Array.from({ length: 4 }, (_, i) => ({ _id: plant(`query${i}-id`), text: `${plant(`query${i}-text`)} ${i % 2 ? 'python engineer' : 'brand designer'}`, lang: langs[i % 2] }));
  const qrels = queries.flatMap((q, i) => docs.filter((_, j) => j % 2 === i % 2).map((d, j) => `${q._id}\t${d._id}\t${j === 0 ? 3 : 1}`));
  const twins = docs.slice(0, 6).map((d, i) => ({
    id: d._id,
    twin_id: plant(`twin${i}-id`),
    twin_text: `${plant(`twin${i}-text`)} ${d.text.replace('she her', 'he him')}`,
    group: i % 2 ? 'male' : 'female',
    twin_group: i % 2 ? 'female' : 'male',
    lang: d.lang,
  }));
  const jsonl = (rows: readonly object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  writeFileSync(join(dir, 'corpus.jsonl'), jsonl(docs));
  writeFileSync(join(dir, 'queries.jsonl'), jsonl(queries));
  writeFileSync(join(dir, 'qrels.tsv'), `query-id\tcorpus-id\tscore\n${qrels.join('\n')}\n`);
  writeFileSync(join(dir, 'twins.jsonl'), jsonl(twins));
  const manifest = {
    id: 'planted',
    version: '1.0.0',
    title: 'Planted strings',
    license: 'CC0-1.0',
    languages: langs,
    tasks: [
      { type: 'retrieval', name: 'search', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 2, k: [3] },
      { type: 'twins', name: 'gender-search', of: 'search', twins: 'twins', attribute: 'gender', groups: ['female', 'male'] },
    ],
    shards: [
      { name: 'corpus', kind: 'corpus', path: 'corpus.jsonl', records: docs.length },
      { name: 'queries', kind: 'queries', path: 'queries.jsonl', records: queries.length },
      { name: 'qrels', kind: 'qrels', path: 'qrels.tsv', records: qrels.length },
      { name: 'twins', kind: 'twins', path: 'twins.jsonl', records: twins.length },
    ],
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return dir;
}
