import { describe, expect, it } from 'vitest';
import { readdirSync, existsSync } from 'node:fs';
import { formatBytes, formatDuration } from '../../../src/app/format.ts';
import { BUNDLED_DATASETS } from '../../../src/app/bundledDatasets.ts';

describe('formatBytes(n)', () => {
  it('uses decimal units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(345_000)).toBe('345 KB');
    expect(formatBytes(12_000_000)).toBe('12 MB');
  });
});

describe('formatDuration(seconds)', () => {
  it('reads as seconds, minutes or hours', () => {
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(0.2)).toBe('<1 s');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(formatDuration(3 * 3600 + 60)).toBe('3 h 01 min');
  });
});

describe('BUNDLED_DATASETS', () => {
  it('lists exactly the folders under datasets/ that hold a manifest', () => {
    const folders = readdirSync('datasets').filter((d) => existsSync(`datasets/${d}/manifest.json`)).sort();
    expect(BUNDLED_DATASETS.map((d) => d.id).sort()).toEqual(folders);
    for (const d of BUNDLED_DATASETS) expect(d.path).toBe(`datasets/${d.id}/`);
  });
});
