import { describe, expect, it } from 'vitest';
import { terminalProgress } from '../../../src/cli/node/progressLine.ts';

const stream = (isTTY: boolean) => {
  const s = { isTTY, out: '', write: (t: string) => void (s.out += t) };
  return s;
};

describe('terminalProgress(stream, quiet)', () => {
  it('rewrites one stderr line with the model, its step, done/total and the time left, when stderr is a terminal', () => {
    const s = stream(true);
    const p = terminalProgress(s, false, 0)!;
    p('glove', { status: 'embedding', done: 512, total: 2048, etaSeconds: 65 });
    expect(s.out).toBe('\r\x1b[2Kglove: embedding 512/2,048 · 1 min 05 s left');
    p.end();
    expect(s.out.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('stays quiet when stderr is piped or with --quiet', () => {
    expect(terminalProgress(stream(false), false)).toBeUndefined();
    expect(terminalProgress(stream(true), true)).toBeUndefined();
  });

  it('escapes control characters of a model name', () => {
    const s = stream(true);
    terminalProgress(s, false, 0)!('a\x1b]0;x\x07', { status: 'loading', done: 0, total: 0 });
    expect(s.out).toBe('\r\x1b[2Ka\\x1b]0;x\\x07: loading');
  });
});
