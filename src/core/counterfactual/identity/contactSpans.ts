/**
 * Every contact detail of a CV's text, by the recognisers of this room: e-mail addresses first,
 * then links, phone numbers and street addresses; where two overlap the earlier recogniser wins
 * (a phone-shaped run inside a URL is the URL's).
 */
import { addressSpans } from './address.ts';
import { emailSpans } from './email.ts';
import { phoneSpans } from './phone.ts';
import type { IdentitySpan } from './span.ts';
import { urlSpans } from './url.ts';

/**
 * The contact spans of `text` in text order, not overlapping. `lang` is the CV's language (phone
 * formats); `nameWords` the candidate's name, whose words in a link make it theirs (urlSpans).
 * @example contactSpans('jane@x.io · +51 987 654 321', 'es').map((s) => s.kind) // ['email', 'phone']
 */
export function contactSpans(text: string, lang?: string, nameWords: readonly string[] = []): IdentitySpan[] {
  const out: IdentitySpan[] = [];
  for (const spans of [emailSpans(text), urlSpans(text, nameWords), phoneSpans(text, lang), addressSpans(text)]) {
    for (const s of spans) {
      const from = s.label?.start ?? s.start;
      if (out.every((o) => s.end <= (o.label?.start ?? o.start) || from >= o.end)) out.push(s);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
