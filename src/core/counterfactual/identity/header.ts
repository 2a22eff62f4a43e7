/**
 * The header block of a CV: its first `lines` non-empty lines, where the candidate's name and
 * contact details stand. Links and places outside it are the candidate's only with other evidence.
 */

/**
 * The offset where the header block of `text` ends (after the line break of its last line).
 * @example headerEnd('A\n\nB\nC\nD', 2) // 5
 */
export function headerEnd(text: string, lines = 10): number {
  let end = 0;
  let seen = 0;
  for (const line of text.split(/(?<=\n)/u)) {
    if (seen >= lines) break;
    end += line.length;
    if (line.trim() !== '') seen++;
  }
  return end;
}

/**
 * Headings of the sections that follow a header (education, experience, skills, projects…), in
 * the five languages, alone on their line (a Markdown `#` or a trailing `:` allowed). Contact,
 * profile and summary headings are not among them: contact details may follow those.
 */
const SECTION_HEADING = /^[ \t]*(?:#+[ \t]*)?(?:education|academic background|experience|work experience|professional experience|employment|employment history|work history|skills|technical skills|projects|publications|formation|expérience|expériences|expérience professionnelle|compétences|projets|educación|formación|formación académica|experiencia|experiencia laboral|experiencia profesional|habilidades|proyectos|ausbildung|berufserfahrung|kenntnisse|projekte|opleiding|opleidingen|werkervaring|ervaring|vaardigheden|projecten)[ \t]*:?[ \t]*\r?$/imu;

/**
 * Where the header block ends for places without a street: at `headerEnd(text, lines)`, or
 * earlier at the first section heading (`Education`, `Experience`): a place after one is a
 * school's or a job's town (`May 2016 | Albany, NY`), not the candidate's.
 * @example placesEnd('Jo Roe\nLima, Peru\nEducation\nMIT Cambridge, MA', 10) // 18
 */
export function placesEnd(text: string, lines = 10): number {
  const end = headerEnd(text, lines);
  const heading = SECTION_HEADING.exec(text.slice(0, end));
  return heading ? heading.index : end;
}

/** Headings of a contact or personal-details block, in the five languages, alone on their line. */
const CONTACT_HEADING = /^[ \t]*(?:#+[ \t]*)?(?:contact|contacts|contact details|contact information|contact info|personal details|personal information|personal data|coordonnées|informations personnelles|données personnelles|contacto|contactos|datos de contacto|datos personales|información personal|kontakt|kontaktdaten|persönliche daten|persönliche angaben|contact|contacten|contactgegevens|persoonlijke gegevens|persoonsgegevens)[ \t]*:?[ \t]*\r?$/gimu;

/**
 * The blocks under a contact or personal-details heading (`CONTACTO`, `Persönliche Daten`)
 * wherever it stands (a sidebar often comes last in extracted text): from the heading to the next
 * section heading or all-capital heading line, at most `lines` non-empty lines. Inside them, as in
 * the header, a place, a date or a link alone is the candidate's.
 * @example contactBlocks('Skills\nGo\nContact\n\nLima, Peru\nEDUCATION\nMIT') // [[17, 30]]
 */
export function contactBlocks(text: string, lines = 12): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(CONTACT_HEADING)) {
    const start = m.index + m[0].length;
    let end = start;
    let seen = 0;
    for (const line of text.slice(start).split(/(?<=\n)/u)) {
      const body = line.trim();
      if (body !== '' && (SECTION_HEADING.test(body) || /^(?:#+[ \t]*)?\p{Lu}[\p{Lu} &]{3,}$/u.test(body))) break;
      if (body !== '' && ++seen > lines) break;
      end += line.length;
    }
    out.push([start, end]);
  }
  return out;
}

/**
 * Whether `[start, end)` lies in the header block (`headerEnd(text, lines)`) or a contact block.
 * @example inContactPlace('Skills\nGo\nKontakt\nBerlin', 18, 24, 1) // true
 */
export function inContactPlace(text: string, start: number, end: number, lines = 10, blocks: readonly [number, number][] = contactBlocks(text)): boolean {
  return end <= headerEnd(text, lines) || blocks.some(([s, e]) => start >= s && end <= e);
}
