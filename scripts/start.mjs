// npm start: build when the sources changed since the last build, then serve
// the built site (with COOP/COEP) on a printed URL. Works offline.
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './lib/freshness.mjs';
import { serveSite } from './lib/serve.mjs';

if (buildIsStale()) {
  console.log('Building Fairground (sources changed since the last build)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const port = Number(process.env.PORT ?? 4173);
const { url } = await serveSite({ port });
console.log(`\nFairground is running at ${url}\n(cross-origin isolated; press Ctrl+C to stop)\n`);
