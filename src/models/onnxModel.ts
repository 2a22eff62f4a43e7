/**
 * Decodes an ONNX model file (a protobuf ModelProto, onnx/onnx.proto) into the plain graph of
 * core/models/onnxGraph.ts: nodes with their integer attributes, initializers with their values,
 * the graph's input and output names. Every other field is skipped.
 *
 * The wire format is read with protobufjs' `Reader` (varints, 64-bit integers, lengths, skipping
 * unknown fields); the message layouts are walked here by field number. An initializer's
 * `raw_data` is kept as a view of the file's bytes and turned into values only when they are read
 * (`values` is a getter): checking a transformer's graph copies none of its weights. protobufjs' reflection
 * (`Root.fromJSON(...).decode`) was not used: it compiles its decoders with `new Function`, which
 * the site's Content-Security-Policy forbids (no 'unsafe-eval', scripts/lib/csp.mjs).
 */
import protobuf from 'protobufjs/minimal.js';
import { OnnxDataType, type OnnxGraph, type OnnxInitializer, type OnnxNode } from '../core/models/onnxGraph.ts';

type Reader = protobuf.Reader;

/** Wire types (protobuf encoding). */
const LEN = 2;

/** Whether the platform stores a float's low byte first, as ONNX's raw_data does (every current JS engine). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The graph of an ONNX model file.
 * @throws {Error} when the bytes are not a ModelProto with a graph.
 */
export function decodeOnnxGraph(bytes: Uint8Array): OnnxGraph {
  const r = protobuf.Reader.create(bytes);
  let graph: OnnxGraph | undefined;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag >>> 3 === 7 && (tag & 7) === LEN) graph = readGraph(r, r.uint32() + r.pos);
    else r.skipType(tag & 7);
  }
  if (!graph) throw new Error('the file is not an ONNX model: it has no graph');
  return graph;
}

/** GraphProto: node = 1, initializer = 5, input = 11, output = 12, sparse_initializer = 15. */
function readGraph(r: Reader, end: number): OnnxGraph {
  const nodes: OnnxNode[] = [];
  const initializers = new Map<string, OnnxInitializer>();
  const inputs: string[] = [];
  const outputs: string[] = [];
  let sparse = false;
  while (r.pos < end) {
    const tag = r.uint32();
    const field = tag >>> 3;
    if ((tag & 7) !== LEN) {
      r.skipType(tag & 7);
      continue;
    }
    if (field === 1) nodes.push(readNode(r, r.uint32() + r.pos));
    else if (field === 5) {
      const t = readTensor(r, r.uint32() + r.pos);
      initializers.set(t.name, t);
    } else if (field === 11) inputs.push(readValueInfoName(r, r.uint32() + r.pos));
    else if (field === 12) outputs.push(readValueInfoName(r, r.uint32() + r.pos));
    else {
      if (field === 15) sparse = true;
      r.skipType(LEN);
    }
  }
  // Older exporters list initializers among the inputs too: what a caller feeds is the rest.
  return { nodes, initializers, inputs: inputs.filter((name) => !initializers.has(name)), outputs, sparse };
}

/** NodeProto: input = 1, output = 2, op_type = 4, attribute = 5, domain = 7. */
function readNode(r: Reader, end: number): OnnxNode {
  const inputs: string[] = [];
  const outputs: string[] = [];
  const ints: Record<string, number | number[]> = {};
  let opType = '';
  let domain = '';
  while (r.pos < end) {
    const tag = r.uint32();
    const field = tag >>> 3;
    if ((tag & 7) !== LEN) r.skipType(tag & 7);
    else if (field === 1) inputs.push(r.string());
    else if (field === 2) outputs.push(r.string());
    else if (field === 4) opType = r.string();
    else if (field === 7) domain = r.string();
    else if (field === 5) {
      const a = readAttribute(r, r.uint32() + r.pos);
      if (a.value !== undefined) ints[a.name] = a.value;
    } else r.skipType(LEN);
  }
  return { opType, domain, inputs, outputs, ints };
}

/** AttributeProto: name = 1, i = 3, ints = 8 (other kinds are skipped). */
function readAttribute(r: Reader, end: number): { name: string; value?: number | number[] } {
  let name = '';
  let value: number | number[] | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    const field = tag >>> 3;
    if (field === 1 && (tag & 7) === LEN) name = r.string();
    else if (field === 3 && (tag & 7) === 0) value = toNumber(r.int64());
    else if (field === 8) value = [...((value as number[] | undefined) ?? []), ...readInt64s(r, tag)];
    else r.skipType(tag & 7);
  }
  return { name, value };
}

/** ValueInfoProto: name = 1. */
function readValueInfoName(r: Reader, end: number): string {
  let name = '';
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag >>> 3 === 1 && (tag & 7) === LEN) name = r.string();
    else r.skipType(tag & 7);
  }
  return name;
}

/** TensorProto: dims = 1, data_type = 2, float_data = 4, int32_data = 5, int64_data = 7, name = 8, raw_data = 9, data_location = 14. */
function readTensor(r: Reader, end: number): OnnxInitializer {
  const dims: number[] = [];
  let dataType = 0;
  let name = '';
  let raw: Uint8Array | undefined;
  const buf = (r as unknown as { buf: Uint8Array }).buf;
  let external = false;
  const floats: number[] = [];
  const int32s: number[] = [];
  const int64s: number[] = [];
  while (r.pos < end) {
    const tag = r.uint32();
    const field = tag >>> 3;
    if (field === 1) dims.push(...readInt64s(r, tag));
    else if (field === 2 && (tag & 7) === 0) dataType = r.int32();
    else if (field === 4) readRepeated(r, tag, () => floats.push(r.float()));
    else if (field === 5) readRepeated(r, tag, () => int32s.push(r.int32()));
    else if (field === 7) int64s.push(...readInt64s(r, tag));
    else if (field === 8 && (tag & 7) === LEN) name = r.string();
    else if (field === 9 && (tag & 7) === LEN) {
      // A view, not protobufjs' bytes() (which copies in a browser): read only if the values are.
      const length = r.uint32();
      raw = buf.subarray(r.pos, r.pos + length);
      r.skip(length);
    }
    else if (field === 14 && (tag & 7) === 0) external = r.int32() === 1;
    else r.skipType(tag & 7);
  }
  const count = dims.reduce((a, b) => a * b, 1);
  let values: OnnxInitializer['values'] | null = null;
  return {
    name,
    dataType,
    dims,
    get values() {
      if (values === null) values = external ? undefined : valuesOf(dataType, count, raw, floats, int32s, int64s);
      return values;
    },
  };
}

/** A tensor's values from raw_data (little-endian) or its typed field; undefined for types not read here. */
function valuesOf(dataType: number, count: number, raw: Uint8Array | undefined, floats: number[], int32s: number[], int64s: number[]): OnnxInitializer['values'] {
  const view = raw && new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const check = (n: number) => {
    if (n !== count) throw new Error(`an initializer holds ${n} values where its dims say ${count}`);
  };
  switch (dataType) {
    case OnnxDataType.FLOAT: {
      if (!view) return check(floats.length), Float32Array.from(floats);
      check(raw.byteLength / 4);
      if (LITTLE_ENDIAN && raw.byteOffset % 4 === 0) return new Float32Array(raw.buffer, raw.byteOffset, count).slice();
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) out[i] = view.getFloat32(4 * i, true);
      return out;
    }
    case OnnxDataType.INT8:
      if (!raw) return check(int32s.length), Int8Array.from(int32s);
      return check(raw.byteLength), new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength).slice();
    case OnnxDataType.UINT8:
      if (!raw) return check(int32s.length), Uint8Array.from(int32s);
      return check(raw.byteLength), new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength).slice(); // a Node Buffer's slice() is a view
    case OnnxDataType.INT32:
      if (!view) return check(int32s.length), int32s;
      check(raw.byteLength / 4);
      return Array.from({ length: count }, (_, i) => view.getInt32(4 * i, true));
    case OnnxDataType.INT64:
      if (!view) return check(int64s.length), int64s;
      check(raw.byteLength / 8);
      return Array.from({ length: count }, (_, i) => Number(view.getBigInt64(8 * i, true)));
    default:
      return undefined;
  }
}

/** A repeated scalar field, packed (one length-delimited run) or not (one value a tag). */
function readRepeated(r: Reader, tag: number, one: () => void): void {
  if ((tag & 7) !== LEN) return one();
  const end = r.uint32() + r.pos;
  while (r.pos < end) one();
}

function readInt64s(r: Reader, tag: number): number[] {
  const out: number[] = [];
  readRepeated(r, tag, () => out.push(toNumber(r.int64())));
  return out;
}

/** An int64 as protobufjs gives it (a Long where the `long` package is present) as a number. */
function toNumber(v: number | protobuf.Long): number {
  return typeof v === 'number' ? v : protobuf.util.LongBits.from(v).toNumber();
}
