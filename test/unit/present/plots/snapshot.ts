/**
 * SVG snapshots in test/fixtures/plots/<name>.svg. Numbers are normalised to 3 decimals before
 * comparing, so floating-point noise below that does not fail a test. On a mismatch the new output
 * is written to <name>-changed.svg (open both to compare) and the test fails; a missing snapshot is
 * written and reported, and fails under CI so that snapshots are committed, not born in CI.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const dir = fileURLToPath(new URL('../../../fixtures/plots/', import.meta.url));

/** Every number not glued to a word or hex colour, printed with 3 decimals. */
export function normaliseNumbers(svg: string): string {
  return svg.replace(/(?<![\w#.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w.])/gi, (n) => {
    const v = Number(n);
    return (Object.is(Math.round(v * 1000) / 1000, -0) ? 0 : v).toFixed(3);
  });
}

export function expectSvgSnapshot(name: string, svg: string): void {
  mkdirSync(dir, { recursive: true });
  const file = `${dir}${name}.svg`;
  const changed = `${dir}${name}-changed.svg`;
  if (!existsSync(file)) {
    writeFileSync(file, svg);
    const message = `snapshot ${name}.svg was missing and has been written; check it and commit it`;
    if (process.env.CI) expect.fail(message);
    console.warn(message);
    return;
  }
  if (normaliseNumbers(readFileSync(file, 'utf8')) === normaliseNumbers(svg)) {
    rmSync(changed, { force: true });
    return;
  }
  writeFileSync(changed, svg);
  expect.fail(`${name}.svg differs from the snapshot; the new output is in ${name}-changed.svg (replace the snapshot if the change is intended)`);
}
