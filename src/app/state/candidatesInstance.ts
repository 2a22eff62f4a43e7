/** The page's one CandidatesState, reading PDF, DOCX and table documents in the documents worker. */
import { documentsExtract } from '../runs/documentsClient.ts';
import { CandidatesState } from './candidates.svelte.ts';

export const candidatesState = new CandidatesState((signal) => documentsExtract(signal));
