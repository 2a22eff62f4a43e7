// npm start: build when the sources changed since the last build, then serve
// the built site (with COOP/COEP and its Content-Security-Policy) on a printed
// URL. Works offline. FAIRGROUND_CONNECT_SRC adds origins the page may
// connect to (a Hub mirror), e.g. FAIRGROUND_CONNECT_SRC=https://hf-mirror.com npm start.
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './lib/freshness.mjs';
import { serveSite } from './lib/serve.mjs';

if (buildIsStale()) {
  console.log('Building Fairground (sources changed since the last build)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const port = Number(process.env.PORT ?? 4173);
const { url, connect } = await serveSite({ port });
// FAIRGROUND_CONNECT_SRC (origins, space- or comma-separated) lets the page reach a Hub mirror too (docs/security.md).
const extra = connect.length > 0 ? `; also allowed to connect to ${connect.join(', ')}` : '';
console.log(`\nFairground is running at ${url}\n(cross-origin isolated, Content-Security-Policy on${extra}; press Ctrl+C to stop)\n`);
