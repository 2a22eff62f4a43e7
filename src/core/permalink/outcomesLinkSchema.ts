/**
 * What a link of kind `outcomes` must hold (docs/permalinks.md): the group-outcome audit of a
 * table of decisions (core/audit/outcomes, the Outcomes view, `eval outcomes`). A decisions table
 * has no manifest: the envelope's dataset is `decisions-table` with the SHA-256 of the file's
 * bytes as its `manifestSha256`, so a reader can check that a file is the one audited. The rule,
 * columns and resampling that recompute it are in the results (`decision`, `bootstrap`).
 */
import { object } from './containerChecks.ts';
import { OUTCOMES_RESULTS } from './outcomesSchema.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import type { ResultSchema } from './resultSchema.ts';
import { oneOf } from './valueChecks.ts';

/** The envelope's dataset id of a decisions table. */
export const DECISIONS_TABLE_ID = 'decisions-table';

export const OUTCOMES_LINK_SCHEMA: ResultSchema = Object.freeze<ResultSchema>({
  parameters: object({}, { detail: oneOf(['summary', 'full']) }),
  results: OUTCOMES_RESULTS,
  agree({ dataset }) {
    if (dataset.id !== DECISIONS_TABLE_ID) throw new PermalinkShapeError(`dataset.id: expected "${DECISIONS_TABLE_ID}" for an outcome audit of a decisions table`);
  },
});
