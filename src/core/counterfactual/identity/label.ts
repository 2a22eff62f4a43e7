/**
 * The field label written right before a span (`Phone: `, `E-mail - `, `Adresse :`, `Mobile `),
 * in the five languages of statementLabels.ts: a label of the span's kind (or a contact label)
 * that starts its line or follows a separator (`|`, `•`, `·`, `;`, `,`).
 */
import { STATEMENT_LABELS } from '../neutral/statementLabels.ts';
import type { IdentityKind } from './span.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REASON: Readonly<Partial<Record<IdentityKind, readonly ('phone' | 'email' | 'address' | 'profile-link' | 'contact')[]>>> = Object.freeze({
  phone: ['phone', 'contact'], email: ['email', 'contact'], url: ['profile-link', 'contact'], address: ['address', 'contact'],
});
/** Labels CVs write that the statement lexicon does not list (there a label must be followed by `:`). */
const EXTRA: Readonly<Partial<Record<IdentityKind, readonly string[]>>> = Object.freeze({
  phone: ['cel', 'cel.', 'whatsapp', 'phone no', 'phone no.', 'mobile no', 'mobile no.', 'mob no', 'mob. no.', 'contact no', 'contact no.', 'tel no', 'tel. no.', 'cell no', 'm', 'p', 't'],
  email: ['e', 'e-mail id', 'email id', 'mail id'],
  url: ['site', 'blog'],
  address: ['city', 'ciudad', 'ville', 'stadt', 'localidad', 'location', 'ubicación', 'ubicacion', 'lieu', 'ort', 'plaats', 'residence', 'residencia'],
});
const PATTERNS = new Map(
  Object.entries(REASON).map(([kind, reasons]) => {
    const labels = [...reasons!.flatMap((r) => STATEMENT_LABELS[r] ?? []), ...(EXTRA[kind as IdentityKind] ?? [])].sort((a, b) => b.length - a.length);
    const alt = labels.map(escape).join('|');
    // the label, then `:`, `-`, `.` or just spaces, then the span, at a line start or after a
    // separator; or with a colon after another field (`Jane Doe Email: …`)
    const re = new RegExp(`(?:(?:^|(?<=[|•·;,\\n]))[ \\t]*((?:${alt})(?:[ \\t]*(?:[:：]|[-–—](?=[ \\t]))[ \\t]*|[ \\t]+|(?<=\\.)))|(?<=[ \\t])((?:${alt})[ \\t]*[:：][ \\t]*))$`, 'iu');
    return [kind as IdentityKind, re];
  }),
);

/**
 * The `{start, end}` of the label of a span of `kind` starting at `start`, or undefined.
 * @example labelBefore('x\nMobile: 9876543210', 10, 'phone') // { start: 2, end: 10 }
 */
export function labelBefore(text: string, start: number, kind: IdentityKind): { start: number; end: number } | undefined {
  const re = PATTERNS.get(kind);
  if (!re) return undefined;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const m = re.exec(text.slice(lineStart, start));
  if (!m) return undefined;
  const at = lineStart + m.index + m[0].length - (m[1] ?? m[2]).length;
  return { start: at, end: start };
}
