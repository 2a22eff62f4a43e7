/**
 * Regenerates the bundled datasets: datasets/freelance-twins and
 * datasets/cv-screening. Run: npx tsx scripts/datasets/generate.ts
 * The output is byte-for-byte reproducible (seeded PRNG, gzip level 9).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFreelance } from './freelance/generate.ts';
import { writeCv } from './cv/generate.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function report(name: string, manifest: Record<string, unknown>): void {
  const shards = manifest.shards as { path: string; records: number; bytes: number; sha256: string }[];
  const total = shards.reduce((a, s) => a + s.bytes, 0);
  console.log(`${name}: ${shards.length} shards, ${total} bytes`);
  for (const s of shards) console.log(`  ${s.path}  ${s.records} records  ${s.bytes} bytes  ${s.sha256.slice(0, 16)}`);
}

const t0 = Date.now();
report('datasets/freelance-twins', writeFreelance(join(root, 'datasets', 'freelance-twins')));
report('datasets/cv-screening', writeCv(join(root, 'datasets', 'cv-screening')));
console.log(`done in ${Date.now() - t0} ms`);
