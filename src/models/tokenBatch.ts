/**
 * A tokenized batch as the int64 tensors an ONNX model takes, made from the
 * id lists transformers.js' tokenizer returns with `return_tensor: false`.
 *
 * transformers.js builds those tensors with `BigInt64Array.from(ids.map(BigInt))`:
 * a BigInt per token, about a third of the tokenizer's time for the bundled
 * GloVe model. Here the ids are written as the two 32-bit halves of each int64
 * through an Int32Array over the same buffer — the same bytes, no BigInt.
 * The embed worker and the Node embedder both use it, so their tensors stay equal.
 */

/** One model input of a batch: row-major ids and their [batch, sequence] dims. */
export interface Int64Input {
  readonly data: BigInt64Array<ArrayBuffer>;
  readonly dims: [number, number];
}

/** Whether the platform stores an int64's low 32-bit word first (all current JS engines do). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The int64 tensors of a padded batch: for each input (input_ids, attention_mask,
 * token_type_ids…), its rows' ids one after another.
 * @param encoded per input name, one id list per text, all of one length (the tokenizer
 *   called with padding and truncation)
 * @throws {RangeError} when the batch is empty, its inputs disagree on the number of texts, or a
 *   row's length differs from the first's.
 * @example int64Batch({ input_ids: [[5, 6], [7, 0]] }).input_ids.data // BigInt64Array [5n, 6n, 7n, 0n]
 */
export function int64Batch(encoded: Readonly<Record<string, readonly (readonly number[])[]>>): Record<string, Int64Input> {
  const out: Record<string, Int64Input> = {};
  let texts: number | undefined;
  for (const [name, rows] of Object.entries(encoded)) {
    if (rows.length === 0) throw new RangeError(`input ${name} has no texts`);
    if (texts !== undefined && rows.length !== texts) throw new RangeError(`input ${name} has ${rows.length} texts, another input ${texts}`);
    texts = rows.length;
    const length = rows[0].length;
    const data = new BigInt64Array(rows.length * length);
    const words = new Int32Array(data.buffer);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      if (row.length !== length) throw new RangeError(`input ${name}: text ${r} has ${row.length} tokens, text 0 has ${length} (tokenize with padding and truncation)`);
      const at = r * length;
      if (!LITTLE_ENDIAN) {
        for (let t = 0; t < length; t++) data[at + t] = BigInt(row[t]);
        continue;
      }
      for (let t = 0; t < length; t++) {
        const v = row[t];
        if (!Number.isInteger(v) || v < -0x80000000 || v > 0x7fffffff) {
          data[at + t] = BigInt(v); // outside int32 (never for a vocabulary id or a mask)
          continue;
        }
        words[2 * (at + t)] = v;
        words[2 * (at + t) + 1] = v < 0 ? -1 : 0;
      }
    }
    out[name] = { data, dims: [rows.length, length] };
  }
  return out;
}
