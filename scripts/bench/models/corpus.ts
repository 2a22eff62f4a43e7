/** Realistic bench input: profile texts from the bundled freelance-twins corpus. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The first `n` profile texts of datasets/freelance-twins/corpus-00.jsonl.gz (all languages, file order). */
export function profileTexts(root: string, n: number): string[] {
  const lines = gunzipSync(readFileSync(join(root, 'datasets/freelance-twins/corpus-00.jsonl.gz'))).toString('utf8').split('\n');
  const texts = lines.filter((l) => l.trim() !== '').slice(0, n).map((l) => (JSON.parse(l) as { text: string }).text);
  if (texts.length < n) throw new Error(`the corpus has only ${texts.length} texts, ${n} wanted`);
  return texts;
}
