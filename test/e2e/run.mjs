// npm run test:e2e — builds the site if needed, serves it (with COOP/COEP and
// its Content-Security-Policy, the mock Hub added to connect-src) and
// a mock Hugging Face Hub of fixture models, then runs every test/e2e/*.e2e.ts
// with Node's test runner. Each test runs twice: [webgpu] and [wasm].
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildIsStale } from '../../scripts/lib/freshness.mjs';
import { CONNECT_ENV, connectOrigins } from '../../scripts/lib/csp.mjs';
import { serveSite } from '../../scripts/lib/serve.mjs';
import { startMockHub } from './mockHub.mjs';
import { makeScratchTmp } from '../scratchDir.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `e2e: no Chromium at ${chromium}.\n` +
      "Install Debian's with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).\n" +
      'The e2e tests need a real browser and do not skip.',
  );
  process.exit(1);
}

if (buildIsStale()) {
  console.log('e2e: building the site…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// What the test files write under os.tmpdir() (fixtures, exports, Chromium's profiles) goes to one
// folder, removed at the end (test/scratchTmp.ts does the same for the unit tests; tsx's cache is
// linked, not moved: test/scratchDir.mjs).
const scratch = makeScratchTmp('fairground-e2e-');
// The mock Hub before the site: the site's Content-Security-Policy must let the page connect to it.
// Its Hub datasets live in a folder of the run's that the e2e tests fill (hubDatasets.e2e.ts).
const hubDatasets = join(scratch.dir, 'mock-hub-datasets');
mkdirSync(hubDatasets);
const hub = await startMockHub({ datasets: hubDatasets });
// The Hub redirects LFS files to its CDN, another origin (as huggingface.co to cdn-lfs.hf.co): the page must reach both.
const site = await serveSite({ port: 0, connect: [...connectOrigins(process.env[CONNECT_ENV]), new URL(hub.url).origin, new URL(hub.cdnUrl).origin] });
const only = process.argv.slice(2);
// The longest files first, so that the two lanes end together instead of one waiting on a long file
// started last (measured with the slowest-checks report at the end of a run; the rest by name).
const LONGEST_FIRST = ['plotLayout', 'demo', 'blackbox', 'screening', 'candidates', 'hubDatasets', 'csp', 'report', 'learn', 'requests', 'scoreShards', 'permalinkTampered', 'models', 'compare', 'denseGpu', 'importReliability', 'embed'];
const rank = (f) => {
  const i = LONGEST_FIRST.indexOf(f.replace(/\.e2e\.ts$/, ''));
  return i === -1 ? LONGEST_FIRST.length : i;
};
const files = readdirSync('test/e2e')
  .filter((f) => f.endsWith('.e2e.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((f) => `test/e2e/${f}`);
console.log(`e2e: site ${site.url}, mock hub ${hub.url} (its CDN ${hub.cdnUrl}), ${files.length} files, Chromium ${chromium}`);

// Test files run side by side, each in its own process with its own Chromium (test/e2e/browser.ts):
// two at a time by default, as many as FAIRGROUND_E2E_CONCURRENCY says otherwise. The checks wait for
// what they need to see, never for a set time, so a file beside another only takes longer.
const concurrency = Number(process.env.FAIRGROUND_E2E_CONCURRENCY ?? 2);
if (!(Number.isInteger(concurrency) && concurrency >= 1)) {
  console.error(`e2e: FAIRGROUND_E2E_CONCURRENCY must be a whole number ≥ 1, got "${process.env.FAIRGROUND_E2E_CONCURRENCY}"`);
  process.exit(2);
}
const child = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=./test/e2e/slowest.mjs', '--test-reporter-destination=stdout', ...files], {
  stdio: 'inherit',
  env: { ...process.env, FAIRGROUND_BASE_URL: site.url, FAIRGROUND_HUB_URL: hub.url, FAIRGROUND_HUB_CDN_URL: hub.cdnUrl, FAIRGROUND_MOCK_HUB_DATASETS: hubDatasets, CHROMIUM_PATH: chromium, TMPDIR: scratch.dir },
});
// Ctrl-C or a kill ends the test files first, then the cleanup below still runs.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
await site.close();
await hub.close();
scratch.remove();
process.exit(code);
