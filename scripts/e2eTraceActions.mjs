// Reads the Playwright traces an e2e run wrote (FAIRGROUND_E2E_TRACE=DIR npm run test:e2e -- FILE) and
// prints, per check, its slowest actions: where a slow check spends its time (a developer's tool;
// no test reads it). Usage: node scripts/e2eTraceActions.mjs DIR [N]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';

const [dir, n = '12'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node scripts/e2eTraceActions.mjs DIR [N]');
  process.exit(2);
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.zip')).sort()) {
  const files = unzipSync(readFileSync(join(dir, file)));
  const calls = new Map();
  for (const [name, bytes] of Object.entries(files)) {
    if (!name.endsWith('.trace')) continue;
    for (const line of strFromU8(bytes).split('\n')) {
      if (!line) continue;
      const e = JSON.parse(line);
      if (e.type === 'before') calls.set(e.callId, { title: `${e.class}.${e.method} ${JSON.stringify(e.params ?? {}).slice(0, 90)}`, start: e.startTime });
      else if (e.type === 'after' && calls.has(e.callId)) calls.get(e.callId).end = e.endTime;
    }
  }
  const done = [...calls.values()].filter((c) => c.end !== undefined);
  if (done.length === 0) continue;
  const first = Math.min(...done.map((c) => c.start));
  const last = Math.max(...done.map((c) => c.end));
  console.log(`\n${file}: ${((last - first) / 1000).toFixed(1)} s in ${done.length} actions`);
  for (const c of done.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, Number(n))) {
    console.log(`${((c.end - c.start) / 1000).toFixed(1).padStart(7)} s  at ${((c.start - first) / 1000).toFixed(1).padStart(6)} s  ${c.title}`);
  }
}
