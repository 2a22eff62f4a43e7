import { describe, expect, it } from 'vitest';
import { sidesOf } from '../../../src/app/results/textDiff.ts';

describe('sidesOf(original, twin)', () => {
  it('marks the swapped name and pronoun on each side, and nothing else', () => {
    const { original, twin } = sidesOf('Anna led the team. She shipped it.', 'Alex led the team. He shipped it.');
    expect(original.filter((r) => r.changed).map((r) => r.text)).toEqual(['Anna', 'She']);
    expect(twin.filter((r) => r.changed).map((r) => r.text)).toEqual(['Alex', 'He']);
    expect(original.map((r) => r.text).join('')).toBe('Anna led the team. She shipped it.');
    expect(twin.map((r) => r.text).join('')).toBe('Alex led the team. He shipped it.');
  });
  it('equal texts have no edit', () => {
    expect(sidesOf('same text', 'same text').original).toEqual([{ text: 'same text', changed: false }]);
  });
});
