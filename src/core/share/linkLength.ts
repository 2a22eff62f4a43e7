/**
 * How long a link may be to travel where results are shared, and why (docs/permalinks.md,
 * "How long a link is").
 *
 * - 2,000 characters: the length that survives everywhere a URL is pasted. Classic Outlook cuts a
 *   hyperlink at 1,024–2,048 characters in some versions and refuses ones of 11,000 or more;
 *   browsers' address bars, sitemaps and most URL fields have taken 2,048 (RFC 7230 recommends
 *   servers accept at least 8,000). A link this short is safe in an e-mail.
 * - 4,000 characters: Slack splits a message longer than this into several, and a ticket field or
 *   a chat line of one link reads well up to it. The summary link aims under it.
 * - MAX_FRAGMENT_LENGTH (64 KB): the most a link may hold at all (decodePermalink refuses more).
 */

/** A link that pastes into an e-mail in every client. */
export const EMAIL_SAFE_LINK_CHARS = 2_000;

/** A link that pastes into a chat message or a ticket as one line. */
export const TICKET_SAFE_LINK_CHARS = 4_000;

/** Where a link of `length` characters can go, in words for the Share box. */
export type LinkReach = 'email' | 'ticket' | 'long';

/**
 * @example linkReach(1_800) // 'email'
 * @example linkReach(12_000) // 'long'
 */
export function linkReach(length: number): LinkReach {
  if (length <= EMAIL_SAFE_LINK_CHARS) return 'email';
  if (length <= TICKET_SAFE_LINK_CHARS) return 'ticket';
  return 'long';
}

/**
 * The Share box's sentence on a link's length.
 * @example linkReachText(1_800) // '1,800 characters: short enough for an e-mail (at most 2,000), a chat message or a ticket.'
 */
export function linkReachText(length: number): string {
  const n = length.toLocaleString('en');
  const reach = linkReach(length);
  if (reach === 'email') return `${n} characters: short enough for an e-mail (at most ${EMAIL_SAFE_LINK_CHARS.toLocaleString('en')}), a chat message or a ticket.`;
  if (reach === 'ticket') return `${n} characters: fine in a chat message or a ticket (at most ${TICKET_SAFE_LINK_CHARS.toLocaleString('en')}); some e-mail clients cut links over ${EMAIL_SAFE_LINK_CHARS.toLocaleString('en')} — attach the report there instead.`;
  return `${n} characters: too long for an e-mail or a chat message (over ${TICKET_SAFE_LINK_CHARS.toLocaleString('en')}); paste it in a document or attach the report, whose link it is.`;
}
