import type { ResultSchema } from './resultSchema.ts';
import { COMPARISON_SCHEMA } from './comparisonSchema.ts';
import { RETRIEVAL_FAIRNESS_SCHEMA } from './retrievalSchema.ts';
import { SCREENING_SCHEMA } from './screeningSchema.ts';
import { OUTCOMES_LINK_SCHEMA } from './outcomesLinkSchema.ts';
import { MULTI_TASK_SCHEMA } from './multiTaskSchema.ts';

/**
 * The results kinds this build can show, with their schema (at
 * CURRENT_SCHEMA). A link of another kind is checked as an envelope only,
 * and the Results view says it cannot show it.
 */
export const RESULT_SCHEMAS: Readonly<Record<string, ResultSchema>> = Object.freeze({
  'retrieval-fairness': RETRIEVAL_FAIRNESS_SCHEMA,
  screening: SCREENING_SCHEMA,
  comparison: COMPARISON_SCHEMA,
  outcomes: OUTCOMES_LINK_SCHEMA,
  'multi-task': MULTI_TASK_SCHEMA,
});
