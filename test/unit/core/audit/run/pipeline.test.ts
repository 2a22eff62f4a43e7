import { describe, expect, it } from 'vitest';
import { runPipelined, type PipelineItem } from '../../../../../src/core/audit/run/pipeline.ts';
import { CancelledError } from '../../../../../src/core/audit/run/cancel.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Items named by letter; a device item takes `prepMs` to prepare; every step goes to `log`. */
function items(log: string[], spec: readonly { name: string; device?: boolean; prepMs?: number; failPrep?: boolean }[]): PipelineItem<string>[] {
  return spec.map((s) => ({
    needsDevice: s.device ?? false,
    async prepare() {
      log.push(`prep ${s.name}`);
      if (s.prepMs) await sleep(s.prepMs);
      if (s.failPrep) throw new Error(`${s.name} failed to load`);
      log.push(`ready ${s.name}`);
      return s.name;
    },
  }));
}

describe('runPipelined: models prepared on the device one at a time, audited as they are ready', () => {
  it('audits the lexical models while the embedding model prepares; results in plan order', async () => {
    const log: string[] = [];
    const out = await runPipelined(items(log, [{ name: 'glove', device: true, prepMs: 60 }, { name: 'bm25' }, { name: 'tfidf' }]), 1, async (p, i) => {
      log.push(`audit ${p}`);
      await sleep(10);
      return `${p}#${i}`;
    });
    expect(out).toEqual(['glove#0', 'bm25#1', 'tfidf#2']);
    expect(log.indexOf('audit bm25')).toBeLessThan(log.indexOf('ready glove'));
    expect(log.indexOf('audit tfidf')).toBeLessThan(log.indexOf('ready glove'));
    expect(log.at(-1)).toBe('audit glove');
  });
  it('prepares device models one after another, in plan order, and audits them in that order', async () => {
    const log: string[] = [];
    await runPipelined(items(log, [{ name: 'a', device: true, prepMs: 20 }, { name: 'b', device: true, prepMs: 5 }]), 1, async (p) => void log.push(`audit ${p}`));
    expect(log).toEqual(['prep a', 'ready a', 'prep b', 'audit a', 'ready b', 'audit b']);
  });
  it('with two lanes, two audits run at once', async () => {
    let running = 0;
    let most = 0;
    await runPipelined(items([], [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]), 2, async () => {
      most = Math.max(most, ++running);
      await sleep(20);
      running--;
    });
    expect(most).toBe(2);
  });
  it('with two lanes and whilePreparing 1: one audit at a time until the device models are prepared, then two', async () => {
    const log: string[] = [];
    let running = 0;
    let mostWhilePreparing = 0;
    let mostAfter = 0;
    let prepared = false;
    const spec = [{ name: 'glove', device: true, prepMs: 70 }, { name: 'bm25' }, { name: 'tfidf' }, { name: 'x' }, { name: 'y' }];
    await runPipelined(
      items(log, spec).map((item) => ({ ...item, prepare: () => item.prepare().finally(() => void (item.needsDevice && (prepared = true))) })),
      2,
      async (p) => {
        running++;
        if (prepared) mostAfter = Math.max(mostAfter, running);
        else mostWhilePreparing = Math.max(mostWhilePreparing, running);
        await sleep(p === 'glove' ? 40 : 25);
        running--;
      },
      undefined,
      1,
    );
    expect(mostWhilePreparing).toBe(1);
    expect(mostAfter).toBe(2);
    expect(log.indexOf('ready glove')).toBeGreaterThan(-1);
  });
  it('with a memory budget, an audit starts beside another only while both estimates fit; the first always starts', async () => {
    const sizes: Record<string, number> = { big: 900, small: 100, mid: 400, late: 150 };
    const inFlight = new Set<string>();
    const together: string[][] = [];
    await runPipelined(
      items([], [{ name: 'big' }, { name: 'mid' }, { name: 'small' }, { name: 'late' }]).map((item) => ({ ...item, bytes: (p: string) => sizes[p] })),
      2,
      async (p) => {
        inFlight.add(p);
        together.push([...inFlight].sort());
        await sleep(p === 'big' ? 40 : 15);
        inFlight.delete(p);
      },
      undefined,
      2,
      1000,
    );
    // big (900) runs with small (100) beside it, never with mid (400); mid then runs with late
    for (const set of together) expect(set.reduce((a, p) => a + sizes[p], 0) <= 1000 || set.length === 1).toBe(true);
    expect(together).toContainEqual(['big', 'small']);
    expect(together.some((set) => set.includes('big') && set.includes('mid'))).toBe(false);
  });
  it('a model larger than the budget still runs, alone', async () => {
    const ran: string[] = [];
    await runPipelined(items([], [{ name: 'huge' }, { name: 'b' }]).map((item) => ({ ...item, bytes: (p: string) => (p === 'huge' ? 5000 : 10) })), 2, async (p) => void ran.push(p), undefined, 2, 1000);
    expect(ran.sort()).toEqual(['b', 'huge']);
  });
  it('a preparation that fails: no new audit starts, the one in flight finishes, then the first error', async () => {
    const log: string[] = [];
    const run = runPipelined(items(log, [{ name: 'bm25' }, { name: 'glove', device: true, prepMs: 5, failPrep: true }, { name: 'tfidf' }]), 1, async (p) => {
      log.push(`audit ${p}`);
      await sleep(30);
      log.push(`done ${p}`);
    });
    await expect(run).rejects.toThrow('glove failed to load');
    expect(log.filter((l) => /^(audit|done)/.test(l))).toEqual(['audit bm25', 'done bm25']);
  });
  it('an audit that fails ends the run with its error; a waiting lane stops too', async () => {
    const run = runPipelined(items([], [{ name: 'a' }, { name: 'slow', device: true, prepMs: 50 }]), 2, async (p) => {
      if (p === 'a') throw new Error('a: out of memory');
    });
    await expect(run).rejects.toThrow('a: out of memory');
  });
  it('a cancelled run stops before the next audit', async () => {
    const controller = new AbortController();
    const audited: string[] = [];
    const run = runPipelined(items([], [{ name: 'a' }, { name: 'b' }]), 1, async (p) => {
      audited.push(p);
      controller.abort();
    }, controller.signal);
    await expect(run).rejects.toThrow(CancelledError);
    expect(audited).toEqual(['a']);
  });
});
