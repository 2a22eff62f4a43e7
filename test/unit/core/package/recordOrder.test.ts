import { describe, expect, it } from 'vitest';
import { canonicalValue, orderedRecord } from '../../../../src/core/package/recordOrder.ts';

describe('orderedRecord(kind, record) and canonicalValue(value)', () => {
  it('run their @examples', () => {
    expect(JSON.stringify(orderedRecord('labels', { split: 'test', label: 1, cv_id: 'c', job_id: 'j' }))).toBe('{"job_id":"j","cv_id":"c","label":1,"split":"test"}');
    expect(JSON.stringify(canonicalValue({ b: 1, a: { d: 2, c: 3 } }))).toBe('{"a":{"c":3,"d":2},"b":1}');
  });

  it('puts unknown fields after the known ones, sorted, and drops undefined values', () => {
    expect(JSON.stringify(orderedRecord('cvs', { z: 1, text: 't', a: 2, _id: 'x', occupation: undefined }))).toBe('{"_id":"x","text":"t","a":2,"z":1}');
  });

  it('keeps array order', () => {
    expect(JSON.stringify(orderedRecord('pools', { cv_ids: ['b', 'a'], job_id: 'j' }))).toBe('{"job_id":"j","cv_ids":["b","a"]}');
  });
});
