/** The public surface of core/audit/common/: what the adapters and the other audit folders use. */
export { ciOf } from './ci.ts';
export type { Ci } from './ci.ts';
export { reportMean, reportMeans, reportStatistic } from './ciReport.ts';
export type { CiOptions, Reported } from './ciReport.ts';
export { AuditInputError } from './dataset.ts';
export type { DatasetPort, ShardReader } from './dataset.ts';
export { datasetIdentity } from './datasetIdentity.ts';
export type { DatasetIdentity } from './datasetIdentity.ts';
export { excludes, interval, pValue, percent, statistic } from './wording.ts';
export type { Verdict } from './verdict.ts';
