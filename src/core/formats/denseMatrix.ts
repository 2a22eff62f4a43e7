/** A row-major matrix of float32 values read from a file: `rows` × `dims`. */
export interface DenseMatrix {
  readonly rows: number;
  readonly dims: number;
  /** The dtype the file stored (float16 values are converted exactly). */
  readonly dtype: 'float32' | 'float16';
  readonly data: Float32Array;
}
