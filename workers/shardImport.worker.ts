/**
 * Import worker: one part file of a dataset import at a time, whole — read, SHA-256, gunzip,
 * split, parse and validate, IndexedDB writes on its own connection — while other import workers
 * take the other parts. Thin: the work is in src/storage (importWorkerApi.ts, importPart.ts).
 *
 * Page side: `workerPartRunner()` (src/storage/importWorker.ts), a pool sized by
 * `navigator.hardwareConcurrency` (datasetImporter.ts).
 */
import * as Comlink from 'comlink';
import { shardImportApi } from '../src/storage/importWorkerApi.ts';

Comlink.expose(shardImportApi());
