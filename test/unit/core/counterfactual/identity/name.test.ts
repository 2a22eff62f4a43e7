/** headerName and nameSpans on header shapes PDF extraction leaves (synthetic names). */
import { describe, expect, it } from 'vitest';
import { headerName, nameSpans } from '../../../../../src/core/counterfactual/identity/name.ts';

const spans = (text: string, name: string) => nameSpans(text, name).map((s) => [text.slice(s.start, s.end), s.kind]);

describe('headerName(text, evidence)', () => {
  it('finds a name with an e-mail on its line, run together with the next words, in capitals over two lines, letter-spaced, before pronouns or a degree', () => {
    expect(headerName('Zelda Quorin Email: zquorin@mail.com\nEngineer')).toEqual({ full: 'Zelda Quorin', confidence: 'sure' });
    expect(headerName('Maria B. LopezFeatured Resume\nSummary')?.full).toBe('Maria B. Lopez');
    expect(headerName('ZELDA\nQUORIN VANTE\nAnalyst', { fileName: 'quorin_cv.pdf' })?.full).toBe('ZELDA QUORIN VANTE');
    expect(headerName('J ANE DOE\nData analyst\njane.doe@x.org')?.full).toBe('JANE DOE');
    expect(headerName('Priya Sharma (She/Her)\nEngineer')?.full).toBe('Priya Sharma');
    expect(headerName('Carlos Mendoza, M.S.\nLima')?.full).toBe('Carlos Mendoza');
  });
  it('reads past YAML front matter, Markdown marks and a title; joins a capitals particle to the next line; takes a link as evidence', () => {
    expect(headerName('---\nlayout: cv\n---\n# Tomas Quell Varga\nEngineer', { fileName: 'varga.md' })?.full).toBe('Tomas Quell Varga');
    expect(headerName('Dr. Zelda Quorin\nEntwicklerin', { fileName: 'zquorin.pdf' })?.full).toBe('Zelda Quorin');
    expect(headerName('PIET VAN\nQUORINGHE\nPROFIEL', { fileName: 'cv.pdf' })).toEqual({ full: 'PIET VAN QUORINGHE', confidence: 'sure' });
    expect(headerName('Updated 2015\n\nOrvil Tesk\n\norviltesk.com | x')).toEqual({ full: 'Orvil Tesk', confidence: 'sure' });
  });
  it('takes a French "Prénom NOM" and a trailing initial', () => {
    expect(headerName('Tomas QUELLARD\nDéveloppeur', { fileName: 'cv.pdf' })?.full).toBe('Tomas QUELLARD');
    expect(nameSpans('Teodor Quell B.SOFTWARE ENGINEER', 'Teodor Quell').map((s) => s.end)).toEqual([15]);
    expect(nameSpans('Teodor Quell M.S.', 'Teodor Quell').map((s) => s.end)).toEqual([12]);
  });
  it('reads a capitalised particle that ends a name as a surname', () => {
    expect(headerName('Intro\nOrvil Das\n\norvil.com')?.full).toBe('Orvil Das');
    expect(headerName('Piet van Quoring\nx')?.full).toBe('Piet van Quoring');
  });
  it('takes no heading or title for a name', () => {
    expect(headerName('ESO y Bachillerato\nIES Example')).toBeUndefined();
    expect(headerName('Curriculum Vitae\nMachine Learning\nPython')).toBeUndefined();
    expect(headerName('Summary\nTechnical Skills')).toBeUndefined();
  });
});

describe('nameSpans(text, name)', () => {
  it('finds a typed name in any case, spacing and line breaks, and cuts a run-together word', () => {
    expect(spans('Maria B. LopezFeatured Resume\nx', 'Maria B. Lopez')).toEqual([['Maria B. Lopez', 'name']]);
    expect(spans('J ANE DOE\nx', 'jane doe')).toEqual([['J ANE DOE', 'name']]);
    expect(spans('ZELDA\nQUORIN\nx', 'Zelda Quorin')).toEqual([['ZELDA\nQUORIN', 'name']]);
    expect(spans('Priya Sharma (She/Her)', 'Priya Sharma')).toEqual([['Priya Sharma', 'name'], ['(She/Her)', 'pronouns']]);
  });
});
