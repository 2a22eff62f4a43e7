/** The public surface of core/audit/tasks/: what the adapters and the other audit folders use. */
export { MULTITASK_DEFAULTS, multiTaskResults, readPredictions, scorePredictionFiles } from './audit.ts';
export type { MultiTaskOptions, MultiTaskResults } from './audit.ts';
export { compareSystems } from './compare.ts';
export { leaderboardCorrespondence } from './correspondence.ts';
