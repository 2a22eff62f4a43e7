/**
 * What the Run view should open on when another view sends the user there: the dataset just made
 * from "Your candidates", and the audit its data supports (screening when it has job pools, the
 * retrieval-fairness twins audit otherwise); or, from Learn's "find the planted bias", the
 * screening audit of cv-screening with the planted-bias LLM picked. The Run view takes it once.
 */
export interface RunIntent {
  /** The dataset to open on; without it the form picks its usual default. */
  readonly datasetId?: string;
  readonly audit: 'screening' | 'retrieval';
  /** The screening form's picked models (picker ids, e.g. a registry id), in place of its default pick. */
  readonly models?: readonly string[];
}

let pending = $state.raw<RunIntent | undefined>(undefined);

/** Points the Run view at a dataset and an audit. */
export function setRunIntent(intent: RunIntent): void {
  pending = intent;
}

/** The intent, if any, without taking it. */
export function peekRunIntent(): RunIntent | undefined {
  return pending;
}

/** Takes the intent (the next Run view opens as usual). */
export function takeRunIntent(): RunIntent | undefined {
  const intent = pending;
  pending = undefined;
  return intent;
}
