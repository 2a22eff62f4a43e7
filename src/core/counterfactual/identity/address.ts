/**
 * Street addresses by their shape, in en, fr, es (with Peru's local forms), de and nl.
 *
 * Why shape rules: no maintained address parser runs offline in JavaScript for these five
 * languages. libpostal, the one that does it well, is C with a ~2 GB model; the JS ports are
 * wrappers that need it installed, and the geocoding APIs would send a CV away. So an address is
 * a house number and a street word of a per-language lexicon, in the order the language writes
 * them, on one line, with what follows on that line when it has the shape of a place (a unit,
 * `City`, `ST 98004`, `10115 Berlin`, `K1A 0B1`), and a next line that is only a postcode and a
 * city. A match is `sure` with a postcode, a label (`Address:`) or Peru's `Mz … lote …` (no other
 * text has that shape); else `unsure`, shown for review. In the header block only, a place
 * without a street is the candidate's too (`Brooklyn, NY 11249`, `75005 Paris`, `Madrid, España`).
 *
 * Never an address: anything across a line break but the postcode line (a year, a heading and a
 * referee's `Dr. Name` on three lines are three things), a `Dr.`/`St.` followed by a capitalised
 * word (a title before a name: `2020 References Dr. Jane Roe`), a year as the house number with
 * nothing after the street.
 */
import { contactBlocks, headerEnd, inContactPlace, placesEnd } from './header.ts';
import { labelBefore } from './label.ts';
import { disjoint, type IdentitySpan } from './span.ts';

const W = `\\p{Lu}[\\p{L}\\p{M}'’.-]*`;
/** Lower-case words a place or street name may have inside it (de la, van der, am, y). */
const PARTICLE = `(?:de|del|de la|des|du|la|las|los|le|les|el|y|et|l['’]|d['’]|van|der|den|het|am|an|im|auf|sur|aux|au|san|santa)`;
const NAME = `${W}(?:[ \\t]+(?:${PARTICLE}[ \\t]+)*${W}){0,4}`;
const POSTCODE_CITY = `(?:\\d{4}[ \\t]?[A-Z]{2}|\\d{4,5}|[A-Z]\\d[A-Z][ \\t]?\\d[A-Z]\\d|[A-Z]{1,2}\\d[A-Z\\d]?[ \\t]\\d[A-Z]{2})[ \\t]+${NAME}`;
const STATE_ZIP = `[A-Z]{2}[ \\t]+(?:\\d{5}(?:-\\d{4})?|[A-Z]\\d[A-Z][ \\t]?\\d[A-Z]\\d)`;
const UNIT = `(?:[ \\t]*,?[ \\t]*(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|#|Piso|Dpto|Depto|Departamento|Of|Int|Bte|Bus)\\.?[ \\t]*#?[\\p{L}\\d-]+)`;
/** What may follow a street on its line: a unit, places after commas, a postcode and city, a state and ZIP. */
const TAIL = new RegExp(`^(?:${UNIT}|[ \\t]*,[ \\t]*(?:${STATE_ZIP}|${POSTCODE_CITY}|\\d{5}(?:-\\d{4})?(?![\\p{L}\\p{N}])|[A-Z]{2,5}[ \\t]+\\d{1,5}(?![\\p{L}\\p{N}])|${NAME})|[ \\t]*[,|·•–-]?[ \\t]*(?:${POSTCODE_CITY}|${STATE_ZIP}))+`, 'u');
const NEXT_LINE_POSTCODE = new RegExp(`^[ \\t]*\\r?\\n[ \\t]*${POSTCODE_CITY}[ \\t]*(?=\\r?\\n|$)`, 'u');
const HAS_POSTCODE = new RegExp(`\\d{4,5}|[A-Z]\\d[A-Z][ \\t]?\\d[A-Z]\\d`, 'u');

/** The street shapes, by language: number first (en, fr) or last (es, de, nl), and Peru's block and lot. */
const STREETS: readonly RegExp[] = Object.freeze([
  // en: 418 156th Ave. NE · 12 Oak Drive
  new RegExp(`(?<![\\p{L}\\p{N}.,/-])\\d{1,5}[A-Za-z]?(?:-\\d{1,4})?[ \\t]+(?:(?:${W}|\\d+(?:st|nd|rd|th))[ \\t]+){1,4}(?<type>Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Close|Crescent|Square|Sq|Parkway|Pkwy|Highway|Hwy|Circle|Cir|Trail|Grove|Gardens|Mews)\\b\\.?(?:[ \\t]+(?:NE|NW|SE|SW|N|S|E|W|North|South|East|West)\\b\\.?)?`, 'gu'),
  // fr: 12 bis rue de la Paix · 5, avenue Foch
  new RegExp(`(?<![\\p{L}\\p{N}.,/-])\\d{1,5}(?:[ \\t]?(?:bis|ter))?,?[ \\t]+(?:rue|avenue|av\\.|boulevard|bd\\.?|chemin|allée|impasse|place|quai|route|cours|square|rond-point)[ \\t]+(?:${PARTICLE}[ \\t]*)*${NAME}`, 'giu'),
  // es and Peru: Calle Mayor 5 · Av. Arequipa 1234 · Jr. Huallaga nº 456
  new RegExp(`(?<![\\p{L}\\p{N}])(?:Calle|C\\/|Avenida|Av\\.|Avda\\.?|Paseo|Plaza|Camino|Jr\\.|Jirón|Jiron|Pasaje|Psje\\.|Carrera|Cra\\.|Carretera|Ronda|Travesía)[ \\t]+(?:${PARTICLE}[ \\t]+)*${NAME}[ \\t]*,?[ \\t]*(?:n[º°o]\\.?[ \\t]*|#[ \\t]*)?\\d{1,5}[A-Za-z]?\\b`, 'gu'),
  // de, nl: Musterstraße 12 · Hauptstr. 5a · Keizersgracht 123 · Alte Straße 4
  // (a compound of three letters or more before the street word, `Spring 2025` is not one; a
  // lower-case compound after a particle: `Burgemeester van veldstraat 5`; `Am Lindenhof 9`)
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${W}[ \\t]+(?:(?:van|de|der|den|am|an der|im)[ \\t]+)?|(?:Am|An der|Im|Auf der|Zum|Zur)[ \\t]+)?[\\p{L}][\\p{L}-]{2,}(?:straße|strasse|str\\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|park|straat|laan|plein|gracht|kade|singel|dijk|steeg|Straße|Strasse|Str\\.|Weg|Allee|Platz)[ \\t]+(?!(?:19|20)\\d\\d\\b)\\d{1,5}[ \\t]?[a-zA-Z]?(?![\\p{L}\\p{N}])`, 'gu'),
  // de: a street word alone before its number (`Straße 52`, as anonymised CVs write it)
  /(?<![\p{L}\p{N}])(?:Straße|Strasse|Str\.)[ \t]+\d{1,5}[a-zA-Z]?(?![\p{L}\p{N}])/gu,
  // Peru: Mz B lote 12 · Mza. C Lt. 4 · Lote 3 Mz F
  /(?<![\p{L}\p{N}])(?:(?:Mz|Mza|Manzana)\.?[ \t]*[A-Z\d]{1,3}[ \t]*,?[ \t]*(?:Lt|Lte|Lote)\.?[ \t]*\d{1,4}[A-Za-z]?|(?:Lt|Lte|Lote)\.?[ \t]*\d{1,4}[ \t]*,?[ \t]*(?:Mz|Mza|Manzana)\.?[ \t]*[A-Z\d]{1,3})(?![\p{L}\p{N}])/giu,
]);

/** A line that is only an address label, then blank lines (the address follows). */
const ADDRESS_LABEL_LINE = /(?<=^|\n)[ \t]*(?:Address|Home address|Adresse|Dirección|Direccion|Domicilio|Anschrift|Adres|Woonadres)[ \t]*:?[ \t]*\r?\n(?:[ \t]*\r?\n)*/giu;
/** A place after its label, to the end of its segment. */
const PLACE_LABEL = /(?<=^|\n|[|•·;])[ \t]*(?:City|Town|Ciudad|Ville|Stadt|Wohnort|Localidad|Location|Ubicación|Ubicacion|Lieu|Ort|Plaats|Woonplaats|Residence|Residencia)[ \t]*:[ \t]*(\p{Lu}[^\n|•·;@]{1,60})/gu;
/** Countries a header's place may end with (`Madrid, España`, `Aalst, België`), in the five languages. */
const COUNTRY = `(?:USA|U\\.S\\.A\\.|United States|Canada|Mexico|México|Peru|Perú|India|Spain|España|France|Germany|Deutschland|Netherlands|Nederland|Belgium|België|Belgique|Switzerland|Schweiz|Suisse|Austria|Österreich|Italy|Italia|Portugal|United Kingdom|UK|Ireland|Colombia|Chile|Argentina|Brazil|Brasil|República Dominicana|Dominican Republic|Korea|Republic of Korea|South Korea|Japan|China|Australia)`;
/** Words of institutions: a place with one is a school's or an employer's, not the candidate's. */
const INSTITUTION = /\b(?:Univers\p{L}*|Institut\p{L}*|College|Colegio|School|Schule|Escuela|École|Ecole|Academy|Akademie|Academia|Hochschule|Hospital|Center|Centre|Centro|Assessment|Inc|Ltd|GmbH|Corp|Company|Technology|Science)\b/u;
/** Places in the header block without a street: `City, ST 12345`, `City, ST`, `75005 Paris`, `City, Country`. */
/** US states written out (`La Verde, California`). */
const STATE = `(?:Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Ontario|Quebec|Québec|British Columbia|Alberta)`;
const HEADER_PLACES: readonly RegExp[] = Object.freeze([
  new RegExp(`(?<![\\p{L}\\p{N}])${STATE_ZIP}(?:,[ \\t]*${NAME})?(?:,[ \\t]*${COUNTRY})?(?![\\p{L}\\p{N}])`, 'gu'),
  new RegExp(`(?<![\\p{L}\\p{N}])${NAME},[ \\t]*\\d{4,5},[ \\t]*${COUNTRY}(?![\\p{L}\\p{N}])`, 'gu'),
  new RegExp(`(?<![\\p{L}\\p{N}])${NAME},[ \\t]*${STATE}(?:,[ \\t]*${COUNTRY})?(?![\\p{L}\\p{N}])`, 'gu'),
  new RegExp(`(?<![\\p{L}\\p{N}])${NAME},[ \\t]*${STATE_ZIP}(?:,[ \\t]*${COUNTRY})?(?![\\p{L}\\p{N}])`, 'gu'),
  new RegExp(`(?<![\\p{L}\\p{N}])${NAME},[ \\t]*[A-Z]{2}(?:,[ \\t]*${COUNTRY})?(?=[ \\t]*(?:[|•·;]|\\r?\\n|$))`, 'gu'),
  new RegExp(`(?<![\\p{L}\\p{N}/.-])${POSTCODE_CITY}(?:,[ \\t]*${COUNTRY})?(?=[ \\t]*(?:[|•·;,]|\\r?\\n|$))`, 'gu'),
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${NAME},[ \\t]*){1,2}${COUNTRY}(?![\\p{L}\\p{N}])`, 'gu'),
  // a city, a state written out and a ZIP (`Albany, New York 12207`, a template's `City, State 00000`)
  new RegExp(`(?<![\\p{L}\\p{N}])${NAME},[ \\t]*${NAME}[ \\t]+\\d{5}(?:-\\d{4})?(?![\\p{L}\\p{N}])`, 'gu'),
]);
/** A template's address placeholder in the header (`Street Address`, `Address Line 1`): the candidate's address, left unfilled. */
const PLACEHOLDER = /(?<=^|\n|[|•·;])[ \t]*((?:Street Address|Address Line[ \t]?[12]|Your Address|Home Address))(?=[ \t]*(?:[|•·;,]|\r?\n|$|[ \t]\S+@))/gu;
/** A segment's start before a place: a line start, a separator, an icon glyph or an HTML line break (`<br/>` in Markdown). */
const SEGMENT_START = /(?:^|[|•·;*§¤^\uE000-\uF8FF]|<br[ \t]*\/?>)[ \t]*$/u;
/** A contact or statement label alone on its line (`Teléfono`, `Email`), as sidebars write them. */
const CONTACT_LABEL_LINE = /^[ \t]*(?:phone|telephone|mobile|email|e-mail|web|website|links|linkedin|github|teléfono|telefono|móvil|correo|enlaces|téléphone|courriel|telefon|telefoon|date of birth|fecha de nacimiento|date de naissance|geburtsdatum|geboortedatum)[ \t]*:?[ \t]*$/imu;

/**
 * The street addresses of `text`, in text order, not overlapping, each with its label.
 * @example addressSpans('Musterstraße 12, 10115 Berlin').map((s) => [s.start, s.end, s.confidence]) // [[0, 29, 'sure']]
 */
export function addressSpans(text: string): IdentitySpan[] {
  const out: IdentitySpan[] = [];
  STREETS.forEach((re, i) => {
    for (const m of text.matchAll(re)) {
      const start = m.index;
      let end = start + m[0].replace(/[ \t,]+$/u, '').length;
      const after = text.slice(end);
      // a title before a name, not a street: `Dr. Jane`, `St. John`
      if (m.groups?.type && /^(?:Dr|St)$/u.test(m.groups.type) && /^\.?[ \t]+\p{Lu}/u.test(after)) continue;
      const tail = TAIL.exec(after);
      if (tail) end += tail[0].replace(/[ \t,|·•–-]+$/u, '').length;
      const next = NEXT_LINE_POSTCODE.exec(text.slice(end));
      if (next) end += next[0].trimEnd().length;
      const written = text.slice(start, end);
      // a year is no house number for the number-first forms (`2021 2nd Place, …` is a prize)
      if (/^(?:19|20)\d\d\b/u.test(written) && (i <= 1 || (!tail && !next))) continue;
      const label = labelBefore(text, start, 'address');
      const sure = i === STREETS.length - 1 || label !== undefined || ((tail !== null || next !== null) && HAS_POSTCODE.test(text.slice(start + m[0].length, end)));
      out.push({ kind: 'address', start, end, confidence: sure ? 'sure' : 'unsure', ...(label ? { label } : {}) });
    }
  });
  // a place without a street counts only in the header, where it is the candidate's own (a job's
  // town in the body is content); unsure unless it has a postcode
  // (the header ends early at a section heading: `Experience` / `• Acme Palo Alto, CA` is a job's);
  // a contact block (`CONTACTEN` / … / `Aalst, België`) is a header wherever it stands
  const header = placesEnd(text, 10);
  const blocks = contactBlocks(text);
  for (const re of HEADER_PLACES) {
    for (const m of text.matchAll(re)) {
      const end = m.index + m[0].length;
      const inBlock = blocks.some(([s, e]) => m.index >= s && end <= e);
      if ((end > header && !inBlock) || out.some((o) => o.start < end && o.end > m.index)) continue;
      // a place starts its line or a segment, and names no institution (`Boston University Boston, MA` is a school's)
      if (!SEGMENT_START.test(text.slice(text.lastIndexOf('\n', m.index - 1) + 1, m.index)) || INSTITUTION.test(m[0])) continue;
      const label = labelBefore(text, m.index, 'address');
      out.push({ kind: 'address', start: m.index, end, confidence: HAS_POSTCODE.test(m[0]) || label ? 'sure' : 'unsure', ...(label ? { label } : {}) });
    }
  }
  for (const m of text.slice(0, header).matchAll(PLACEHOLDER)) {
    const start = m.index + m[0].length - m[1].length;
    if (out.every((o) => o.end <= start || o.start >= start + m[1].length)) out.push({ kind: 'address', start, end: start + m[1].length, confidence: 'unsure' });
  }
  // a line that is only an address label (`Dirección`, `Address`): the lines after it, up to a blank
  // line; in the header, a contact block, or a sidebar of labelled fields (another label line follows)
  for (const m of text.matchAll(ADDRESS_LABEL_LINE)) {
    const start = m.index + m[0].length;
    const block = /^(?:[^\S\n]*\S[^\n]*(?:\n|$)){1,3}/u.exec(text.slice(start));
    if (!block) continue;
    const end = start + block[0].trimEnd().length;
    const nextLine = /^\s*([^\n]*)/u.exec(text.slice(start + block[0].length))![1];
    if (!inContactPlace(text, start, end, 25, blocks) && !CONTACT_LABEL_LINE.test(nextLine)) continue;
    // no e-mail, long number or other field in it (a postcode's label `CP:` is part of an address)
    if (/@|\d{6,}/u.test(block[0]) || /:/u.test(block[0].replace(/\b(?:CP|C\.P\.|PLZ|Postcode|Code postal)[ \t]*:/giu, ''))) continue;
    // the block holds the street found above: it replaces it (disjoint keeps the longer)
    const label = { start: m.index + (m[0].length - m[0].trimStart().length), end: start };
    for (let i = out.length - 1; i >= 0; i--) if (out[i].start >= start && out[i].end <= end) out.splice(i, 1);
    out.push({ kind: 'address', start, end, confidence: 'sure', label });
  }
  // a labelled place (`City: Portimão`, `Ciudad: Lima`): the value to the end of its segment
  for (const m of text.matchAll(PLACE_LABEL)) {
    const start = m.index + m[0].length - m[1].length;
    const end = start + m[1].trimEnd().length;
    if (!inContactPlace(text, start, end, 25, blocks) || out.some((o) => o.start < end && o.end > start)) continue;
    out.push({ kind: 'address', start, end, confidence: 'sure', label: { start: m.index + (m[0].length - m[0].trimStart().length), end: start } });
  }
  return disjoint(out);
}
