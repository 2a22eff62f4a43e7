/**
 * The worker module of pdfjs-dist, which ships no types: importing it defines
 * `globalThis.pdfjsWorker` (in-thread use) and exports the handler.
 */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
declare module 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
