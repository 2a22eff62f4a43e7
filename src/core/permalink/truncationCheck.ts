/**
 * The shape of a model descriptor's `truncations` (core/models/truncation.ts) in a shared
 * permalink, for the retrieval and the screening schemas alike: a short list of limits, each
 * with its optional count of cut inputs.
 */
import { arrayOf, object } from './containerChecks.ts';
import type { Check } from './shapeCheck.ts';
import { count, oneOf } from './valueChecks.ts';

/** At most this many limits per model (today's models have one or two). */
const MAX_TRUNCATIONS = 8;

export const TRUNCATIONS: Check = arrayOf(
  object(
    {
      input: oneOf(['job description', 'CV', 'job and CV', 'premise and hypothesis', 'query or document']),
      unit: oneOf(['characters', 'tokens']),
      limit: count(1),
    },
    { cut: count(), of: count() },
  ),
  0,
  MAX_TRUNCATIONS,
);
