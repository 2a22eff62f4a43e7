import { describe, expect, it } from 'vitest';
import { fragmentFromUrl, permalinkUrl } from '../../../../src/core/permalink/index.ts';

describe('permalinkUrl(pageUrl, fragment)', () => {
  it('appends #fragment to a URL without a hash', () => {
    expect(permalinkUrl('https://fairground.example/app/', 'r=abc')).toBe('https://fairground.example/app/#r=abc');
  });

  it('replaces an existing hash, keeping the path and query', () => {
    expect(permalinkUrl('https://x.org/app/?lang=de#r=old#more', 'r=new')).toBe('https://x.org/app/?lang=de#r=new');
    expect(permalinkUrl('https://x.org/#', 'r=new')).toBe('https://x.org/#r=new');
  });

  it('accepts a fragment with its leading #, and relative page URLs', () => {
    expect(permalinkUrl('/app/index.html', '#r=abc')).toBe('/app/index.html#r=abc');
  });
});

describe('fragmentFromUrl(url)', () => {
  it('returns the fragment without #', () => {
    expect(fragmentFromUrl('https://x.org/app/#r=abc-_')).toBe('r=abc-_');
  });

  it('returns null for a URL without a fragment or with an empty one', () => {
    expect(fragmentFromUrl('https://x.org/app/')).toBeNull();
    expect(fragmentFromUrl('https://x.org/app/#')).toBeNull();
  });

  it('trims white space a pasted link carries', () => {
    expect(fragmentFromUrl('  https://x.org/#r=abc\n')).toBe('r=abc');
  });

  it('inverts permalinkUrl', () => {
    expect(fragmentFromUrl(permalinkUrl('https://x.org/a?b=1#c', 'r=xyz'))).toBe('r=xyz');
  });
});
