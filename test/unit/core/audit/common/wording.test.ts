import { describe, expect, it } from 'vitest';
import { excludes, interval, percent, pValue, statistic } from '../../../../../src/core/audit/common/index.ts';
import { displayNames, shortModelName } from '../../../../../src/core/models/displayName.ts';

describe('wording: numbers as the verdicts and the report write them', () => {
  it('statistic(x) has three decimals and a true minus sign', () => {
    expect(statistic(-0.4123)).toBe('\u22120.412');
    expect(statistic(46.66, 1)).toBe('46.7');
    expect(statistic(Number.NaN)).toBe('n/a');
  });

  it('percent(share) writes a rate as the papers do: 0.0965 → 9.65%', () => {
    expect(percent(0.0965)).toBe('9.65%');
    expect(percent(1)).toBe('100.00%');
    expect(percent(undefined)).toBe('n/a');
  });

  it('pValue(p) writes p below 0.001 as "< 0.001", never 0', () => {
    expect(pValue(0)).toBe('< 0.001');
    expect(pValue(0.00004)).toBe('< 0.001');
    expect(pValue(0.001)).toBe('0.001');
    expect(pValue(0.0312)).toBe('0.031');
  });

  it('interval(ci) names the level; excludes(ci, v) is true only when the interval lies on one side of v', () => {
    expect(interval([-0.46, -0.34])).toBe('95% CI \u22120.460 to \u22120.340');
    expect(interval([Number.NaN, Number.NaN])).toBe('no CI');
    expect(excludes([-0.46, -0.34], 0)).toBe(true);
    expect(excludes([-0.1, 0.2], 0)).toBe(false);
    expect(excludes([0, 0.2], 0)).toBe(false);
    expect(excludes([Number.NaN, Number.NaN], 0)).toBe(false);
  });
});

describe('shortModelName and displayNames: one short name per model', () => {
  it('drops a parenthesis, an organisation and the imported: prefix', () => {
    expect(shortModelName('BM25 (k1 1.2, b 0.75)', 'bm25')).toBe('BM25');
    expect(shortModelName('GloVe 100d static (bundled)', 'glove')).toBe('GloVe 100d static');
    expect(shortModelName('', 'Snowflake/snowflake-arctic-embed-xs')).toBe('snowflake-arctic-embed-xs');
    expect(shortModelName('intfloat/multilingual-e5-small', 'x')).toBe('multilingual-e5-small');
    expect(shortModelName('imported:vendor-ranker', 'imported:vendor-ranker')).toBe('vendor-ranker');
  });

  it('keeps the full label of two models that would share a short name', () => {
    expect(displayNames([{ label: 'BM25 (k1 1.2)', id: 'a' }, { label: 'BM25 (k1 2)', id: 'b' }, { label: 'TF-IDF (sublinear)', id: 'c' }])).toEqual(['BM25 (k1 1.2)', 'BM25 (k1 2)', 'TF-IDF']);
  });
});
