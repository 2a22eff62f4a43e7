import { describe, expect, it } from 'vitest';
import { parseLabel } from '../../../../src/core/documents/labels.ts';

describe('parseLabel(cell)', () => {
  it.each([
    ['1', 1], ['0', 0], ['FIT', 1], ['Not Fit', 0], ['not  fit', 0], [' yes ', 1], ['NO', 0], ['True', 1], ['false', 0], [1, 1], [0, 0], [true, 1],
  ] as const)('reads %j as %j', (cell, label) => {
    expect(parseLabel(cell)).toBe(label);
  });

  it.each(['maybe', '', '2', '0.5', 'fit?'])('returns undefined for %j', (cell) => {
    expect(parseLabel(cell)).toBeUndefined();
  });
});
