/**
 * The neutraliser against the identity gold set (issue 46): recall and precision per span kind and
 * per language, content kept, referee pronouns intact, candidate cues handled. The measurement and
 * its rules are scripts/identity/measure.ts; the gold set and its guideline,
 * test/fixtures/identity-gold and docs/counterfactuals.md.
 *
 * Run: npm run bench -- identityGold
 */
import { join } from 'node:path';
import { sharedDir } from '../../test/sharedExternal.ts';
import { REAL_CVS } from '../identity/extract.ts';
import { measure, measurementMarkdown } from '../identity/measure.ts';
import { readGoldSet } from '../identity/goldSet.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const m0 = machine();
const m = await measure(join(sharedDir(), 'external', REAL_CVS));
const table = measurementMarkdown(m);
console.log(table);
emitSection(
  [
    '## Identity gold set: the neutraliser\'s recall and precision (issue 46)',
    '',
    machineMarkdown(m0, 'npm run bench -- identityGold'),
    `- Gold set: ${readGoldSet().length} hand-annotated real CVs of \`../shared/external/${REAL_CVS}\` (test/fixtures/identity-gold; guideline in docs/counterfactuals.md). Rules: scripts/identity/measure.ts.`,
    '',
    table,
    '',
  ].join('\n'),
);
if (m.changedExtraction.length > 0) process.exitCode = 1;
