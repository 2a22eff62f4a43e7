/**
 * A payload that breaks the permalink rules (docs/permalinks.md). The message
 * names the path, e.g. `models[0].dtype must be a string or null`.
 * encodePermalink throws it; decodePermalink turns it into a user message.
 */
export class PermalinkShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermalinkShapeError';
  }
}
