import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../../src/core/counterfactual/edit.ts';
import { addTypos, collapseWhitespace } from '../../../../src/core/counterfactual/noise.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

describe('collapseWhitespace(text)', () => {
  it('turns runs of spaces and tabs (and a lone tab) into one space and 3+ line breaks into two', () => {
    const text = 'a  b\tc \t d\n\n\n\ne\n\nf';
    const r = collapseWhitespace(text);
    expect(r).toEqual({
      text: 'a b c d\n\ne\n\nf',
      edits: [
        { offset: 1, before: '  ', after: ' ' },
        { offset: 4, before: '\t', after: ' ' },
        { offset: 6, before: ' \t ', after: ' ' },
        { offset: 10, before: '\n\n\n\n', after: '\n\n' },
      ],
    });
  });
  it('keeps CRLF line breaks as CRLF', () => {
    expect('text' in collapseWhitespace('a\r\n\r\n\r\nb') && collapseWhitespace('a\r\n\r\n\r\nb')).toMatchObject({ text: 'a\r\n\r\nb' });
  });
  it('says so when there is nothing to collapse', () => {
    expect(collapseWhitespace('a b\n\nc')).toEqual({ reason: 'no whitespace to collapse' });
  });
});

/** Whether `after` is `before` with one inner letter swapped with its neighbour, dropped or doubled. */
function isOneInnerTypo(before: string, after: string): boolean {
  if (after[0] !== before[0] || after.at(-1) !== before.at(-1)) return false;
  for (let i = 1; i < before.length - 2; i++) {
    if (before.slice(0, i) + before[i + 1] + before[i] + before.slice(i + 2) === after) return true;
  }
  for (let i = 1; i < before.length - 1; i++) {
    if (before.slice(0, i) + before.slice(i + 1) === after) return true;
    if (before.slice(0, i + 1) + before.slice(i) === after) return true;
  }
  return false;
}

describe('addTypos(text, name, rate, rng)', () => {
  const text = 'Maria Garcia led the quarterly planning with Kubernetes, Terraform and JavaScript (maria.garcia@example.com); reviewed budgets.';
  const name = { full: 'Maria Garcia', first: 'Maria', last: 'Garcia', source: 'mapped' as const };

  it('at rate 1 changes every eligible word by one inner typo, and nothing else', () => {
    const r = addTypos(text, name, 1, createRng(7));
    if (!('text' in r)) throw new Error(r.reason);
    // eligible by hand: 4+ letters, lower case after the first, not protected, not the name, not in the e-mail
    expect(r.edits.map((e) => e.before)).toEqual(['quarterly', 'planning', 'with', 'reviewed', 'budgets']);
    for (const e of r.edits) expect(isOneInnerTypo(e.before, e.after), `${e.before} → ${e.after}`).toBe(true);
    expect(applyEdits(text, r.edits)).toBe(r.text);
  });
  it('at a low rate still makes at least one typo, and the same rng seed gives the same typos', () => {
    const a = addTypos(text, name, 0, createRng(11));
    expect('edits' in a && a.edits.length).toBe(1);
    expect(addTypos(text, name, 0.3, createRng(11))).toEqual(addTypos(text, name, 0.3, createRng(11)));
  });
  it('says so when no word is long enough', () => {
    expect(addTypos('Go to AWS.', undefined, 1, createRng(1))).toEqual({ reason: 'no word long enough for a typo' });
  });
});
