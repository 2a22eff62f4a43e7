import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { memoryIo } from './memoryIo.ts';

const jsonl = (...rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const FILES = {
  'p/tasks.json': JSON.stringify({
    tasks: [
      { name: 'summary', kind: 'generation', capability: 'Generation' },
      { name: 'shortlist', kind: 'ranking', capability: 'Ranking' },
    ],
  }),
  'p/summary.jsonl': jsonl({ id: 1, prediction: 'abcd', reference: 'abed' }),
  'p/shortlist.jsonl': jsonl({ id: 'g1', prediction: ['b', 'a'], reference: 'a', candidates: ['a', 'b'] }),
};

async function run(files: Record<string, string>) {
  const io = memoryIo({ ...files });
  const code = await main(['eval', 'tasks', '--predictions', 'p/'], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

describe('fairground eval tasks', () => {
  it('eval tasks --predictions DIR prints per task, per capability and overall scores', async () => {
    const { code, json } = await run(FILES);
    expect(code).toBe(0);
    expect(json.tasks.summary).toEqual({ kind: 'generation', capability: 'Generation', score: 75, n: 1 });
    const shortlist = json.tasks.shortlist;
    expect(shortlist.score).toBeCloseTo(100 / Math.log2(3), 12);
    // random: (1 + 1/log2 3)/2; input order a, b puts the positive first
    expect(shortlist.baselines.random).toBeCloseTo((100 * (1 + 1 / Math.log2(3))) / 2, 12);
    expect(shortlist.baselines.input_order).toBe(100);
    expect(json.overall).toBeCloseTo((75 + 100 / Math.log2(3)) / 2, 12);
    expect(json.missing_capabilities).toEqual(['Extraction', 'Classification', 'Retrieval', 'STS']);
  });

  it('exits 2 naming the file and line of an invalid reference', async () => {
    const { code, io } = await run({ ...FILES, 'p/shortlist.jsonl': jsonl({ id: 'g1', prediction: [], reference: 'a', candidates: ['a'] }, { id: 'g2', prediction: [], reference: 'z', candidates: ['a'] }) });
    expect(code).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toBe('fairground: p/shortlist.jsonl:2: "candidates" must include the positive\n');
  });

  it('exits 2 for an unknown task kind in tasks.json', async () => {
    const { code, io } = await run({ ...FILES, 'p/tasks.json': '{"tasks":[{"name":"x","kind":"poetry","capability":"Generation"}]}' });
    expect(code).toBe(2);
    expect(io.err).toMatch(/^fairground: p\/tasks\.json: tasks\[0\]: "kind" must be one of/);
  });

  it('exits 2 for a declared task without its file', async () => {
    const { code, io } = await run({ 'p/tasks.json': FILES['p/tasks.json'], 'p/summary.jsonl': FILES['p/summary.jsonl'] });
    expect(code).toBe(2);
    expect(io.err).toMatch(/p\/shortlist\.jsonl/);
  });
});
