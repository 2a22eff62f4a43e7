// A node:test reporter beside spec (test/e2e/run.mjs): at the end of the e2e run, the ten slowest
// checks (each device path is its own check), so a developer sees where the suite's time goes
// (issue 34). It reports; it never fails a run.
export default async function* slowest(source) {
  const times = [];
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.details?.type !== 'suite') {
      times.push({ name: event.data.name, ms: event.data.details?.duration_ms ?? 0 });
    }
  }
  if (times.length === 0) return;
  const top = times.sort((a, b) => b.ms - a.ms).slice(0, 10);
  yield `\nThe ten slowest of ${times.length} e2e checks:\n`;
  for (const t of top) yield `${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}\n`;
}
