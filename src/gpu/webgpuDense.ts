/// <reference types="@webgpu/types" />
/**
 * WebGPU's matrix product for dense scoring (core/audit/retrieval/denseRefine.ts
 * DenseDotPort): a matrix uploaded once, then per block of up to 16 query
 * vectors one compute pass giving every row's float32 dot product with each
 * query, read back. The kernel tiles the queries through workgroup memory,
 * 64 dimensions at a time; each thread owns one matrix row and sums each
 * query's products in index order (the order denseRefine's error bound
 * assumes). A matrix larger than the device's storage-buffer limit is split
 * into row ranges, each its own buffer and dispatch.
 *
 * An adapter, not core: it touches `navigator.gpu`. The compute worker opens
 * it when the page has a WebGPU adapter; without one the CPU kernel scores.
 */

/** Queries per dispatch: the kernel's accumulators per thread. */
export const GPU_BLOCK = 16;
const TILE = 64;

/**
 * Each input is split into a high part (its 12 leading significant bits, by
 * masking the mantissa: integer arithmetic, exact) and the exact remainder,
 * so each of the four partial products of q·x has at most 24 significant bits
 * and is exact in float32 (a fused multiply-add cannot change it either).
 * The products are summed with Knuth's TwoSum into a sum and a compensation
 * (Ogita, Rump & Oishi's Sum2), both read back and added in float64: the dot
 * product to within γ(4·dim − 1)²·Σ|qᵢxᵢ| — about 6·10⁻¹⁰ for 100 dimensions —
 * instead of float32's γ(dim) ≈ 10⁻⁵. TwoSum needs the compiler to keep the
 * operations as written; `calibrate` checks that on the device and falls back
 * to the plain float32 bound when it does not.
 */
const SHADER = /* wgsl */ `
struct Params { rows: u32, dim: u32, queries: u32, pad: u32 }
@group(0) @binding(0) var<storage, read> matrix: array<f32>;
@group(0) @binding(1) var<storage, read> queries: array<f32>;
@group(0) @binding(2) var<storage, read_write> dots: array<f32>;
@group(0) @binding(3) var<uniform> p: Params;
var<workgroup> tileHi: array<f32, ${GPU_BLOCK * TILE}>;
var<workgroup> tileLo: array<f32, ${GPU_BLOCK * TILE}>;

fn high(v: f32) -> f32 { return bitcast<f32>(bitcast<u32>(v) & 0xFFFFF000u); }

@compute @workgroup_size(${TILE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let r = gid.x;
  var sum: array<f32, ${GPU_BLOCK}>;
  var comp: array<f32, ${GPU_BLOCK}>;
  for (var i0 = 0u; i0 < p.dim; i0 += ${TILE}u) {
    let i = i0 + lid.x;
    for (var b = 0u; b < ${GPU_BLOCK}u; b++) {
      var v = 0.0;
      if (b < p.queries && i < p.dim) { v = queries[b * p.dim + i]; }
      let h = high(v);
      tileHi[b * ${TILE}u + lid.x] = h;
      tileLo[b * ${TILE}u + lid.x] = v - h;
    }
    workgroupBarrier();
    if (r < p.rows) {
      let end = min(${TILE}u, p.dim - i0);
      for (var j = 0u; j < end; j++) {
        let x = matrix[r * p.dim + i0 + j];
        let xh = high(x);
        let xl = x - xh;
        for (var b = 0u; b < ${GPU_BLOCK}u; b++) {
          let qh = tileHi[b * ${TILE}u + j];
          let ql = tileLo[b * ${TILE}u + j];
          var terms = array<f32, 4>(qh * xh, qh * xl, ql * xh, ql * xl);
          for (var t = 0u; t < 4u; t++) {
            let a = sum[b];
            let s = a + terms[t];
            let bv = s - a;
            comp[b] = comp[b] + ((a - (s - bv)) + (terms[t] - bv));
            sum[b] = s;
          }
        }
      }
    }
    workgroupBarrier();
  }
  if (r < p.rows) {
    for (var b = 0u; b < p.queries; b++) {
      dots[2u * (b * p.rows + r)] = sum[b];
      dots[2u * (b * p.rows + r) + 1u] = comp[b];
    }
  }
}`;

/** A DenseDotPort on a WebGPU device (structurally core's, which this adapter does not import). */
export interface WebGpuDense {
  readonly label: string;
  /** Whether the device kept TwoSum exact (calibrated at open): the dot products are then compensated. */
  readonly compensated: boolean;
  matrix(values: Float32Array, dim: number): Promise<{ dots(queries: Float32Array): Promise<Float64Array>; dispose(): void }>;
  destroy(): void;
}

/** Opens the default adapter's device, or undefined where there is none (no `navigator.gpu`, no adapter, a failed device). */
export async function openWebGpuDense(gpu: GPU | undefined = (globalThis.navigator as Navigator | undefined)?.gpu): Promise<WebGpuDense | undefined> {
  if (!gpu) return undefined;
  let device: GPUDevice;
  let label: string;
  try {
    const adapter = await gpu.requestAdapter();
    if (!adapter) return undefined;
    const limits = adapter.limits;
    device = await adapter.requestDevice({
      requiredLimits: { maxStorageBufferBindingSize: limits.maxStorageBufferBindingSize, maxBufferSize: limits.maxBufferSize },
    });
    const info = adapter.info;
    label = `WebGPU (${[info?.vendor, info?.architecture, info?.description].filter(Boolean).join(' ') || 'adapter'})`;
  } catch {
    return undefined;
  }
  const module = device.createShaderModule({ code: SHADER });
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const maxBinding = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
  const port: WebGpuDense = {
    label,
    compensated: false,
    async matrix(values, dim) {
      const rows = values.length / dim;
      // Row ranges that fit one binding, for the matrix and for GPU_BLOCK rows of dot products.
      const perPart = Math.max(1, Math.min(Math.floor(maxBinding / (4 * dim)), Math.floor(maxBinding / (8 * GPU_BLOCK)), 65_535 * TILE));
      const parts: { start: number; rows: number; matrix: GPUBuffer; dots: GPUBuffer; read: GPUBuffer; params: GPUBuffer }[] = [];
      for (let start = 0; start < rows; start += perPart) {
        const n = Math.min(perPart, rows - start);
        const matrix = device.createBuffer({ size: Math.max(4, n * dim * 4), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
        writeFloats(device.queue, matrix, values, start * dim, n * dim);
        const size = Math.max(8, n * GPU_BLOCK * 8);
        parts.push({
          start,
          rows: n,
          matrix,
          dots: device.createBuffer({ size, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC }),
          read: device.createBuffer({ size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST }),
          params: device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST }),
        });
      }
      const queryBuffer = device.createBuffer({ size: GPU_BLOCK * dim * 4, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
      return {
        async dots(queries) {
          const nq = queries.length / dim;
          if (nq > GPU_BLOCK || !Number.isInteger(nq)) throw new RangeError(`a block holds at most ${GPU_BLOCK} whole queries, got ${queries.length} values of dim ${dim}`);
          writeFloats(device.queue, queryBuffer, queries, 0, queries.length);
          const out = new Float64Array(nq * rows);
          const encoder = device.createCommandEncoder();
          const groups = parts.map((part) => {
            device.queue.writeBuffer(part.params, 0, new Uint32Array([part.rows, dim, nq, 0]));
            const group = device.createBindGroup({
              layout: pipeline.getBindGroupLayout(0),
              entries: [
                { binding: 0, resource: { buffer: part.matrix } },
                { binding: 1, resource: { buffer: queryBuffer } },
                { binding: 2, resource: { buffer: part.dots } },
                { binding: 3, resource: { buffer: part.params } },
              ],
            });
            const pass = encoder.beginComputePass();
            pass.setPipeline(pipeline);
            pass.setBindGroup(0, group);
            pass.dispatchWorkgroups(Math.ceil(part.rows / TILE));
            pass.end();
            encoder.copyBufferToBuffer(part.dots, 0, part.read, 0, nq * part.rows * 8 || 8);
            return group;
          });
          device.queue.submit([encoder.finish()]);
          await Promise.all(parts.map((part) => part.read.mapAsync(GPUMapMode.READ)));
          for (const part of parts) {
            const got = new Float32Array(part.read.getMappedRange(), 0, 2 * nq * part.rows);
            // sum + compensation, added in float64
            for (let b = 0; b < nq; b++) for (let r = 0; r < part.rows; r++) out[b * rows + part.start + r] = got[2 * (b * part.rows + r)] + got[2 * (b * part.rows + r) + 1];
            part.read.unmap();
          }
          void groups;
          return out;
        },
        dispose() {
          queryBuffer.destroy();
          for (const part of parts) for (const b of [part.matrix, part.dots, part.read, part.params]) b.destroy();
        },
      };
    },
    destroy: () => device.destroy(),
  };
  return { ...port, compensated: await calibrate(port) };
}

/**
 * Whether the device's TwoSum is exact: q = [1, 2⁻³⁰, −1] against x = [1, 1, 1]
 * is 2⁻³⁰ exactly when compensated; a plain float32 sum (or a compiler that
 * re-associated TwoSum away) gives 0.
 */
async function calibrate(port: WebGpuDense): Promise<boolean> {
  const m = await port.matrix(Float32Array.from([1, 1, 1]), 3);
  try {
    const [dot] = await m.dots(Float32Array.from([1, 2 ** -30, -1]));
    return dot === 2 ** -30;
  } finally {
    m.dispose();
  }
}

/** Floats copied a piece at a time out of a SharedArrayBuffer, whose views WebGPU may refuse. */
const SHARED_PIECE = 4 * 1024 * 1024;

/** `count` floats of `values` from `from` into `buffer` at 0: as they are, or copied a piece at a time from a view of a SharedArrayBuffer (the page's embeddings are one, embedderPort.ts). */
function writeFloats(queue: GPUQueue, buffer: GPUBuffer, values: Float32Array, from: number, count: number): void {
  if (values.buffer instanceof ArrayBuffer) {
    queue.writeBuffer(buffer, 0, values as Float32Array<ArrayBuffer>, from, count);
    return;
  }
  for (let at = 0; at < count; at += SHARED_PIECE) queue.writeBuffer(buffer, at * 4, values.slice(from + at, from + Math.min(count, at + SHARED_PIECE)));
}
