import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // the default output, then the ten slowest tests (test/slowest.ts)
    reporters: ['default', './test/slowest.ts'],
  },
});
