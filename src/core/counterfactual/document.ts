/**
 * The input of counterfactual generation: one candidate's document as the importer
 * (src/core/documents) produces it — the one type, defined there.
 */
export type { CandidateDocument } from '../documents/candidateDocument.ts';
