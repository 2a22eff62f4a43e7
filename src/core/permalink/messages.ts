import { MAX_FRAGMENT_LENGTH, MAX_JSON_BYTES } from './limits.ts';

/**
 * The user-facing errors of decodePermalink. They are shown as text (never as
 * HTML) in the error banner, so they say what happened and what to do, without
 * stack traces or codes.
 */
export const PermalinkMessages = Object.freeze({
  notFairground: 'This is not a Fairground result link.',
  damaged:
    'This link is truncated or damaged: its data could not be read. Copy the whole link again from where it was shared.',
  fragmentTooLarge: `This link is larger than ${MAX_FRAGMENT_LENGTH / 1024} KB, more than a Fairground result link can hold, so it was not opened.`,
  contentTooLarge: `This link unpacks to more than ${MAX_JSON_BYTES / (1024 * 1024)} MB, more than a Fairground result can hold, so it was not opened.`,
  newer: (schema: number, current: number) =>
    `This link was made by a newer Fairground (schema ${schema}); this version reads up to ${current} — update the site (reload the page) to open it.`,
  older: (schema: number) =>
    `This link was made by an old Fairground (schema ${schema}) that this version can no longer read.`,
  invalid: (detail: string) => `This link does not hold a valid Fairground result: ${detail}.`,
});
