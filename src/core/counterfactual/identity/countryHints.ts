/**
 * The countries whose national phone formats a CV's numbers may be written in: the countries
 * the text names (a country or one of its large cities, in the five languages), the calling codes
 * of its `+` numbers, then the country of its language. Tried in that order by phone.ts.
 */
import type { CountryCode } from 'libphonenumber-js/max';

/** The country a CV language most often means (English: the United States). */
const BY_LANG: Readonly<Record<string, CountryCode>> = Object.freeze({ en: 'US', fr: 'FR', es: 'ES', de: 'DE', nl: 'NL' });

/** Words that name a country, lower case, accents kept and folded. */
const NAMED: readonly [RegExp, CountryCode][] = Object.freeze([
  [/\b(?:india|indian|mumbai|delhi|bangalore|bengaluru|hyderabad|chennai|pune|kolkata|noida|gurgaon|gurugram)\b/iu, 'IN'],
  [/\b(?:per[uú]|peruan[oa]|lima|arequipa|trujillo|cusco|callao|piura)\b/iu, 'PE'],
  [/\b(?:deutschland|germany|berlin|m[üu]nchen|munich|hamburg|k[öo]ln|frankfurt|stuttgart|düsseldorf)\b/iu, 'DE'],
  [/\b(?:france|paris|lyon|marseille|toulouse|lille|bordeaux|nantes)\b/iu, 'FR'],
  [/\b(?:espa[ñn]a|spain|madrid|barcelona|valencia|sevilla|bilbao)\b/iu, 'ES'],
  [/\b(?:nederland|netherlands|amsterdam|rotterdam|utrecht|eindhoven|den haag)\b/iu, 'NL'],
  [/\b(?:belgi(?:um|que|ë)|bruxelles|brussels|brussel|antwerpen|gent|li[èe]ge)\b/iu, 'BE'],
  [/\b(?:united kingdom|england|london|manchester|edinburgh|glasgow)\b/iu, 'GB'],
  [/\b(?:canada|toronto|montr[ée]al|vancouver|ottawa|calgary)\b/iu, 'CA'],
  [/\b(?:m[ée]xico|guadalajara|monterrey)\b/iu, 'MX'],
  [/\b(?:colombia|bogot[áa]|medell[íi]n)\b/iu, 'CO'],
  [/\b(?:chile|santiago de chile)\b/iu, 'CL'],
  [/\b(?:argentina|buenos aires)\b/iu, 'AR'],
  [/\b(?:schweiz|suisse|switzerland|z[üu]rich|gen[èe]ve|geneva)\b/iu, 'CH'],
  [/\b(?:[öo]sterreich|austria|wien|vienna)\b/iu, 'AT'],
  [/\b(?:australia|sydney|melbourne)\b/iu, 'AU'],
]);

/** Calling codes of the countries above, for `+CC` numbers. */
const CALLING: Readonly<Record<string, CountryCode>> = Object.freeze({
  '91': 'IN', '51': 'PE', '49': 'DE', '33': 'FR', '34': 'ES', '31': 'NL', '32': 'BE', '44': 'GB', '52': 'MX', '57': 'CO', '56': 'CL', '54': 'AR', '41': 'CH', '43': 'AT', '61': 'AU', '1': 'US',
});

/**
 * The countries to read national phone numbers of `text` in, most likely first, no repeats.
 * @example countryHints('Lima, Perú · 987654321', 'es') // ['PE', 'ES']
 */
export function countryHints(text: string, lang: string | undefined): CountryCode[] {
  const out: CountryCode[] = [];
  const add = (c: CountryCode | undefined) => { if (c && !out.includes(c)) out.push(c); };
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])\+\s?(\d{1,3})/gu)) {
    const cc = m[1];
    add(CALLING[cc] ?? CALLING[cc.slice(0, 2)] ?? CALLING[cc.slice(0, 1)]);
  }
  for (const [re, c] of NAMED) if (re.test(text)) add(c);
  add(BY_LANG[lang?.toLowerCase().split(/[-_]/u)[0] ?? ''] ?? 'US');
  return out;
}
