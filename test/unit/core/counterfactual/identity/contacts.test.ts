/** emailSpans, urlSpans, addressSpans and their labels (synthetic text). */
import { describe, expect, it } from 'vitest';
import { emailSpans } from '../../../../../src/core/counterfactual/identity/email.ts';
import { urlSpans } from '../../../../../src/core/counterfactual/identity/url.ts';
import { addressSpans } from '../../../../../src/core/counterfactual/identity/address.ts';
import { deletion } from '../../../../../src/core/counterfactual/identity/collapse.ts';

const slices = (text: string, spans: readonly { start: number; end: number }[]) => spans.map((s) => text.slice(s.start, s.end));

describe('emailSpans(text)', () => {
  it('finds addresses with their label, not a trailing dot', () => {
    const text = 'Email: ana.ruiz@mail.example.com and a_b+cv@uni.edu.pe.';
    expect(slices(text, emailSpans(text))).toEqual(['ana.ruiz@mail.example.com', 'a_b+cv@uni.edu.pe']);
    expect(emailSpans(text)[0].label).toEqual({ start: 0, end: 7 });
  });
  it('finds obfuscated addresses ([at], (at), [dot]) whole, not words with "at" in them', () => {
    const text = 'Jane.roe[at]uni.ca and jroe (at) lab (dot) org; look at it (at) home.';
    expect(slices(text, emailSpans(text))).toEqual(['Jane.roe[at]uni.ca', 'jroe (at) lab (dot) org']);
  });
});

describe('urlSpans(text)', () => {
  it('finds URLs, bare profile hosts, truncated LinkedIn handles and personal domains, not technologies', () => {
    const text = 'linkedin.com/in/jane-doe-12 | in/janedoe | https://janedoe.dev/blog. github.com/jd, orcid.org/0000-0001-2345-6789 Node.js asp.net socket.io janedoe.com';
    expect(slices(text, urlSpans(text))).toEqual(['linkedin.com/in/jane-doe-12', 'in/janedoe', 'https://janedoe.dev/blog', 'github.com/jd', 'orcid.org/0000-0001-2345-6789', 'janedoe.com']);
    expect(urlSpans(text).at(-1)!.confidence).toBe('unsure');
  });
});

describe('urlSpans(text, nameWords): whose links', () => {
  it('keeps links to publications and employers in the body; takes the candidate\'s repositories, labelled and glyph handles, the name run together, a LinkedIn handle cut by a line break', () => {
    const head = 'Zelda Quorin\ngithub.com/zquorin | linkedin.com/in/zelda-\n\nquorin-12/\nGitHub: zq-dev | Twitter:// @zquorin\n§ zqhandle\n^ ZeldaQuorin2';
    // the body starts after the header block (its first ten non-empty lines)
    const body = ['Summary', 'A', 'B', 'Experience', 'Analyst, Example LTD www.example-employer.com', 'See https://doi.org/10.1000/xyz123', 'Code https://github.com/zquorin/thesis and https://github.com/otherdev/tool'].join('\n');
    const text = `${head}\n${body}`;
    expect(slices(text, urlSpans(text, ['Zelda', 'Quorin']))).toEqual([
      'github.com/zquorin', 'linkedin.com/in/zelda-\n\nquorin-12/', 'zq-dev', '@zquorin', 'zqhandle', 'ZeldaQuorin2', 'https://github.com/zquorin/thesis',
    ]);
  });
});

describe('urlSpans(text) on the shapes of issue 46', () => {
  const body = Array.from({ length: 31 }, (_, i) => `Line ${i + 1}`).join('\n');
  it('takes the user\'s repositories and pages in any case, a handle as Markdown link text, a glyph handle with a non-ASCII letter', () => {
    const text = 'Zoe Quorin\nï zoe-quoriñ § zqdev\n[GitHub: Zquor](https://github.com/zquor)\n' + body + '\n<https://github.com/Zquor/tool> and https://zquor.github.io/cv/pubs.html';
    expect(slices(text, urlSpans(text))).toEqual(['zoe-quoriñ', 'zqdev', 'Zquor', 'https://github.com/zquor', 'https://github.com/Zquor/tool', 'https://zquor.github.io/cv/pubs.html']);
  });
  it('marks two or more repositories of one user without a profile as unsure, keeps a single one', () => {
    const text = `${body}\nWeather\thttps://github.com/SomeDev/weather_data\nVotes\thttps://github.com/SomeDev/votes\nUsing https://github.com/lib/react`;
    expect(urlSpans(text).map((s) => [text.slice(s.start, s.end), s.confidence])).toEqual([
      ['https://github.com/SomeDev/weather_data', 'unsure'], ['https://github.com/SomeDev/votes', 'unsure'],
    ]);
  });
  it('takes a link alone on its line in a paragraph with an e-mail (a footer contact block), not an employer\'s site in a sentence', () => {
    const text = `${body}\n\n  jane@example.com • +49 30 1234567\n  https://www.janes-site.org\n\nDeveloper at Acme, https://acme.example.com, with mail@acme.example.com`;
    expect(slices(text, urlSpans(text))).toEqual(['https://www.janes-site.org']);
  });
});

describe('addressSpans(text)', () => {
  it('finds streets in five languages with the postcode and city after them', () => {
    for (const a of ['Mz B lote 12, Urb. Los Olivos', 'Musterstraße 12, 10115 Berlin', '418 156th Ave. NE, Apt K210, Kirkland, WA 98033', '45 King Street West, Toronto, ON M5H 1J8', '12 rue de la Paix, 75002 Paris', 'Calle Mayor 5, 28013 Madrid', 'Keizersgracht 123\n1015 CJ Amsterdam']) {
      const text = `${a}\nExperience`;
      expect(slices(text, addressSpans(text))).toEqual([a]);
      expect(addressSpans(text)[0].confidence).toBe('sure');
    }
  });
  it('marks a street with no postcode unsure', () => {
    expect(addressSpans('123 Main Street, Springfield')).toMatchObject([{ start: 0, end: 28, confidence: 'unsure' }]);
  });
  it('never reads a year, a heading and a referee\'s "Dr. Name" as an address', () => {
    for (const text of ['University of Lima, 2020\n\nProfessional References\nDr. Jane Roe', 'Thesis 2020 Professional References Dr. Jane Roe', 'Worked 5 years as Team Lead']) {
      expect(addressSpans(text)).toEqual([]);
    }
  });
});

describe('addressSpans(text) in the header block', () => {
  it('takes the candidate\'s place without a street at a segment start, a labelled address block, not a school\'s place', () => {
    const text = 'Zelda Quorin\nCurriculum Vitae | La Verde, California | zq@example.org\nParis, 75011, France\nCity: Portimão\nDirección\n\n418 156th Ave. NE\nApt K210\nKirkland, WA 98033\n\nTeléfono\nUniversidad de Oviedo Oviedo, Asturias, España';
    expect(slices(text, addressSpans(text))).toEqual(['La Verde, California', 'Paris, 75011, France', 'Portimão', '418 156th Ave. NE\nApt K210\nKirkland, WA 98033']);
  });
  it('takes no place in the body', () => {
    const text = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'Madrid, España'].join('\n');
    expect(addressSpans(text)).toEqual([]);
  });
  it('ends the header at a section heading: a school\'s or a job\'s place after it is content', () => {
    const text = 'Zelda Quorin\nzq@example.org | Madrid, España\n\nEDUCATION\n\nState College\nMay 2016 | Albany, NY\n\nExperience\n\n• Acme Palo Alto, CA\n';
    expect(slices(text, addressSpans(text))).toEqual(['Madrid, España']);
  });
  it('takes a place, a labelled address block and an HTML-broken postcode line in a contact block wherever it stands', () => {
    const body = Array.from({ length: 12 }, (_, i) => `Line ${i}`).join('\n');
    const text = `${body}\nCONTACTEN\n\n+32 470 12 34 56\n\nAalst, België\n\nTALEN\n\nNederlands, Frans\nGent, België`;
    expect(slices(text, addressSpans(text))).toEqual(['Aalst, België']);
    const sidebar = `${body}\nCONTACTO\n\nDirección\n\nVillanueva (Toledo), CP: 45000\n\nTeléfono\n\n+34 600 00 00 00`;
    expect(slices(sidebar, addressSpans(sidebar))).toEqual(['Villanueva (Toledo), CP: 45000']);
    const md = 'Zelda Quorin\nLab of things<br/> 12 rue Monge, CP 7<br/> 75006 Paris,\nFrance<br/>';
    expect(slices(md, addressSpans(md))).toContain('75006 Paris');
  });
  it('takes a template\'s address placeholders in the header, the street one unsure, not a job line\'s city', () => {
    const text = 'Jane Roe (000) 000-0000\nStreet Address jroe@example.edu\nCity, State 00000 www.example.com\n\nExperience\n\nAcme, Springfield 2019–2021\n';
    const spans = addressSpans(text);
    expect(slices(text, spans)).toEqual(['Street Address', 'City, State 00000']);
    expect(spans.map((s) => s.confidence)).toEqual(['unsure', 'sure']);
  });
});

describe('deletion(text, span)', () => {
  it('takes the label and one separator, before the span at the end of its line', () => {
    const text = 'Berlin | Tel: 0301234567 | Lima\nLima · a@b.io';
    expect(deletion(text, { kind: 'phone', start: 14, end: 24, confidence: 'sure', label: { start: 9, end: 14 } })).toEqual([9, 27]);
    expect(deletion(text, { kind: 'email', start: 39, end: 45, confidence: 'sure' })).toEqual([36, 45]);
  });
});
