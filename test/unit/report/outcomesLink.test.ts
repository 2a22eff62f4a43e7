/**
 * Issue 47 (a permalink for every audit): the report of an outcome audit of a decisions table
 * carries its link — named by the file's SHA-256, never its rows — and one stored before audits
 * named their file says why it has none.
 */
import { describe, expect, it } from 'vitest';
import { runOutcomesAudit } from '../../../src/core/audit/outcomes/index.ts';
import { decodePermalink } from '../../../src/core/permalink/index.ts';
import { decisionsContentStrings } from '../../../src/core/share/index.ts';
import { buildReport } from '../../../src/report/index.ts';

const text = ['name,race,callback', ...Array.from({ length: 30 }, (_, i) => `Person Number${i},${i % 2 ? 'black' : 'white'},${i % 4 === 0 ? 1 : 0}`)].join('\n');
const run = runOutcomesAudit({ text, fileName: 'callbacks.csv', columns: { groups: ['race'], selected: 'callback' }, createdAt: '2026-12-07T00:00:00.000Z' });

describe('the report of an outcome audit', () => {
  it('links its permalink, which opens as the audit of that file', async () => {
    if (!run.ok) return expect.fail(run.error);
    const html = await buildReport({ outcomes: run.results, generatedAt: '2026-12-07T00:00:00.000Z', siteUrl: 'https://fairground.example/', forbidden: decisionsContentStrings(text, 'callbacks.csv', ['race']) });
    const href = /href="(https:\/\/fairground\.example\/#r=[\w-]+)"/u.exec(html)?.[1];
    expect(href).toBeDefined();
    const opened = await decodePermalink(href!.split('#')[1]);
    if (!opened.ok) return expect.fail(opened.error);
    expect(opened.payload.kind).toBe('outcomes');
    expect(opened.payload.dataset.manifestSha256).toBe(run.results.source!.sha256);
    expect(html).not.toContain('Person Number');
  });

  it('says why there is no link when the audit does not name its file', async () => {
    if (!run.ok) return expect.fail(run.error);
    const { source: _source, ...older } = run.results;
    const html = await buildReport({ outcomes: older, generatedAt: '2026-12-07T00:00:00.000Z' });
    expect(html).toContain('No permalink: the outcome audit does not name its decisions file (SHA-256)');
  });
});
