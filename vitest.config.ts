import { defineConfig } from 'vitest/config';

/**
 * Files that change what other files would see — mocked modules, stubbed globals, fake timers,
 * spies, the fake IndexedDB (test/unit/storage and the files that import it) — each run in a
 * module graph of their own. Every other file shares its worker's modules with the files before
 * it (`isolate: false`): the suite loads its modules once per worker instead of once per file
 * (measured on the 2-core test machine: 203 s → about 110 s for the whole unit suite).
 */
const ISOLATED = [
  'test/unit/storage/**/*.test.ts',
  'test/unit/app/models-runner.test.ts',
  'test/unit/app/runs/browserPlan.test.ts',
  'test/unit/app/runs/warmEmbedders.test.ts',
  'test/unit/app/runs/retrievalRun.test.ts',
  'test/unit/app/datasetStrings.test.ts',
  'test/unit/cli/hubDatasetLayouts.test.ts',
  'test/unit/cli/hubUnreachable.test.ts',
  'test/unit/cli/runHubBenchmark.test.ts',
  'test/unit/cli/runHubDataset.test.ts',
  'test/unit/core/package/zipPackage.test.ts',
  'test/unit/documents/pdfText.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Both cores of the 2-core machines this suite runs on (Vitest's default leaves one idle), in threads (they start sooner than processes).
    maxWorkers: 2,
    pool: 'threads',
    // the default output, then the ten slowest tests (test/slowest.ts)
    reporters: ['default', './test/slowest.ts'],
    // every temporary file of the run in one folder, removed at its end (test/scratchTmp.ts)
    globalSetup: ['./test/scratchTmp.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/unit/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
