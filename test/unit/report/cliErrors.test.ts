/**
 * `fairground report`'s bad input, as every command answers it: exit 2 and one line on stderr
 * naming the file — a missing or unreadable file, a file that is not a results object, a bad date,
 * no input at all — and nothing written.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';

async function cli(argv: string[]) {
  let err = '';
  const code = await main(argv, { ...nodeIo, stdout: () => {}, stderr: (t) => (err += t) });
  return { code, err };
}

describe('fairground report on bad input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairground-report-errors-'));
  const out = join(dir, 'report.html');
  writeFileSync(join(dir, 'not-json.json'), '{ nope');
  writeFileSync(join(dir, 'other.json'), JSON.stringify({ schema: 1, kind: 'something-else' }));
  writeFileSync(join(dir, 'several.json'), '[]');
  writeFileSync(join(dir, 'outcomes.json'), JSON.stringify({ audit: 'other' }));

  const cases: [string, string[], RegExp][] = [
    ['a missing results file', ['--results', join(dir, 'missing.json')], /missing\.json/],
    ['a folder for a file', ['--results', dir], /fairground-report-errors-/],
    ['not JSON', ['--results', join(dir, 'not-json.json')], /not-json\.json:1: not JSON: Expected property name/],
    ['another kind', ['--results', join(dir, 'other.json')], /other\.json: not a Fairground retrieval-fairness or screening results object/],
    ['several results', ['--results', join(dir, 'several.json')], /several\.json: holds several results objects/],
    ['not an outcome audit', ['--outcomes', join(dir, 'outcomes.json')], /outcomes\.json: not the output of fairground eval outcomes/],
    ['a bad date', ['--outcomes', join(dir, 'outcomes.json'), '--distribution-date', '1 March'], /--distribution-date must be a calendar date YYYY-MM-DD, not "1 March"/],
    ['an impossible month', ['--outcomes', join(dir, 'outcomes.json'), '--distribution-date', '2026-13-45'], /--distribution-date must be a calendar date YYYY-MM-DD, not "2026-13-45"/],
    ['an impossible day', ['--outcomes', join(dir, 'outcomes.json'), '--distribution-date', '2026-02-30'], /--distribution-date must be a calendar date YYYY-MM-DD, not "2026-02-30"/],
    ['an impossible audit date', ['--outcomes', join(dir, 'outcomes.json'), '--audit-date', '2026-04-31'], /--audit-date must be a calendar date YYYY-MM-DD, not "2026-04-31"/],
    ['a bad --historical', ['--outcomes', join(dir, 'outcomes.json'), '--historical', 'maybe'], /--historical must be yes or no, got "maybe"/],
    ['--outcomes twice', ['--outcomes', join(dir, 'outcomes.json'), '--outcomes', join(dir, 'outcomes.json')], /--outcomes is given more than once/],
    ['no input', [], /missing --results F/],
  ];
  for (const [what, args, message] of cases) {
    it(`exits 2 with one line for ${what}`, async () => {
      const r = await cli(['report', ...args, '--out', out]);
      expect(r.code, what).toBe(2);
      expect(r.err.trim().split('\n'), what).toHaveLength(1);
      expect(r.err, what).toMatch(message);
      expect(existsSync(out)).toBe(false);
    });
  }
});
