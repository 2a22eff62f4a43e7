/**
 * The part of mammoth's API (https://github.com/mwilliamson/mammoth.js) that docxText.ts uses.
 * The package ships no types; this declares only what we call. Its Node entry (lib/) reads
 * `buffer`, its browser entry (the package's `browser` field) reads `arrayBuffer`.
 */
declare module 'mammoth' {
  interface Input {
    readonly buffer?: ArrayBuffer;
    readonly arrayBuffer?: ArrayBuffer;
  }
  interface Message {
    readonly type: 'warning' | 'error';
    readonly message: string;
  }
  interface Result {
    readonly value: string;
    readonly messages: readonly Message[];
  }
  const mammoth: { extractRawText(input: Input): Promise<Result> };
  export default mammoth;
}
