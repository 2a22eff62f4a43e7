/**
 * The report of a multi-task scoring audit: the example predictions scored by `eval tasks`
 * (in-process), reported by `fairground report --tasks`: every task's score and every capability's
 * at full precision, the limitations of left-out items, and the command that recomputes it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { buildReport } from '../../../src/report/index.ts';
import type { MultiTaskResults } from '../../../src/core/audit/tasks/index.ts';
import { hookedRows, limitations, section } from './htmlChecks.ts';

async function cli(argv: string[]) {
  let err = '';
  const code = await main(argv, { ...nodeIo, stdout: () => {}, stderr: (t) => (err += t) });
  return { code, err };
}

describe('fairground report --tasks', () => {
  it('reports every task and capability score of eval tasks’ output, and the command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fairground-report-tasks-'));
    const json = join(dir, 'tasks.json');
    expect((await cli(['eval', 'tasks', '--predictions', 'public/examples/predictions', '--bootstrap', '200', '--seed', '3', '--out', json])).code).toBe(0);
    const out = join(dir, 'report.html');
    const r = await cli(['report', '--tasks', json, '--out', out]);
    expect(r.err).toBe('');
    const html = readFileSync(out, 'utf8');
    const scored = JSON.parse(readFileSync(json, 'utf8')) as { tasks: Record<string, { score: number | null }>; capabilities: Record<string, number> };
    const rows = hookedRows(html, 'tasks');
    expect(rows.map((row) => row.header)).toEqual(Object.keys(scored.tasks));
    for (const row of rows) expect(row.cells[4].value).toBe(scored.tasks[row.header].score ?? undefined);
    expect(hookedRows(html, 'capabilities').map((row) => [row.header, row.cells[0].value])).toEqual(Object.entries(scored.capabilities));
    expect(section(html, 'reproduce')).toContain('fairground eval tasks --predictions PREDICTIONS_DIR --bootstrap 200 --seed 3 --missing benchmark --out tasks.json');
  }, 60_000);

  it('lists a left-out item and a missing capability as limitations, and no bootstrap', async () => {
    const results: MultiTaskResults = {
      tasks: { fit: { kind: 'binary', capability: 'Classification', score: 75, n: 3, n_left_out: 1 } },
      capabilities: { Classification: 75 },
      overall: 75,
      missing_capabilities: ['Generation'],
      missing_rule: 'benchmark',
      refusal_sensitivity: { benchmark: 75, worst: 56.25, difference: -18.75 },
    };
    const list = limitations(await buildReport({ tasks: results, generatedAt: '2026-01-01T00:00:00.000Z' }));
    expect(list).toEqual([
      'No task measures Generation: Overall leaves it out.',
      'fit: 1 of 4 items have no usable output and are left out (benchmark rule).',
      'No bootstrap: the scores have no confidence intervals.',
    ]);
  });
});
