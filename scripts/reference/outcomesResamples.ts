/**
 * The bootstrap resamples of the group-outcome reference cases (scripts/reference/outcomes-cases.json),
 * drawn by Fairground's own generator (forEachResample, createRng(seed)) and written for the NumPy
 * reference to read: seeded draws cannot be reproduced across languages, so outcomes.py computes
 * its percentile CIs from these very index matrices, and the fixture records each matrix's SHA-256
 * so the unit test can check it recomputes the same one.
 *
 * Run:  npx tsx scripts/reference/outcomesResamples.ts   (then /usr/bin/python3 scripts/reference/outcomes.py)
 * Writes .bench-tmp/outcomes-resamples/<case>.u32: B × n unit indices, row-major, uint32 little-endian.
 * A case whose data file is absent (the shared external data) is skipped with a line saying so.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { resampleMatrix, unitCount, type OutcomesCase } from './outcomesCases.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const cases = (JSON.parse(readFileSync(resolve(ROOT, 'scripts/reference/outcomes-cases.json'), 'utf8')) as { cases: OutcomesCase[] }).cases;
const out = resolve(ROOT, '.bench-tmp/outcomes-resamples');
mkdirSync(out, { recursive: true });
for (const c of cases) {
  const file = dataFile(c.data);
  if (!existsSync(file)) {
    console.log(`skipped ${c.name}: ${file} is absent`);
    continue;
  }
  const matrix = resampleMatrix(unitCount(c, readFileSync(file, 'utf8')), c);
  writeFileSync(resolve(out, `${c.name}.u32`), new Uint8Array(matrix.buffer, matrix.byteOffset, matrix.byteLength));
  console.log(`${c.name}: ${c.resamples} × ${matrix.length / c.resamples} indices`);
}

function dataFile(data: OutcomesCase['data']): string {
  return data === 'synthetic' ? resolve(ROOT, 'test/fixtures/outcomes/callbacks-synthetic.csv') : resolve(ROOT, '../shared/external/bertrand-mullainathan-callbacks/resume.csv');
}
