import type { JsonCells } from './json-cells.js';
import type { Component } from './json-components.js';
import { slotsOf } from './json-components.js';

/**
 * Reads observation keys ("0:3:1": an index into each observation dimension's values) into an
 * observation's cells, one key after the other. A key mostly differs from the one before only
 * towards its end (where the time or the fastest-varying dimension sits), so it is compared with
 * the previous key and read again only from the position where they first differ.
 */
export class KeyReader {
  private previous = '';
  /** Where each position of the previous key ends: its ':' or the key's end. */
  private readonly ends: Int32Array;
  /** The dimensions' slots, for reading a key whole. */
  private readonly slots: Int32Array;
  /** Positions can be skipped only when no other component writes a dimension's slot. */
  private readonly incremental: boolean;

  constructor(private readonly dims: Component[]) {
    this.ends = new Int32Array(dims.length);
    this.slots = slotsOf([dims]);
    this.incremental = dims.every((d) => !d.shared);
  }

  /** Forgets the previous key, so the next is read whole (after a new series, say). */
  reset(): void {
    this.previous = '';
  }

  /**
   * Writes the values `key` names into `cells`. A position the key leaves out, or whose index
   * points at nothing, keeps `fallback`'s value (what the level above set).
   */
  read(key: string, cells: JsonCells, fallback: JsonCells): void {
    if (!this.incremental || key === '') {
      cells.copy(fallback, this.slots);
      cells.key(this.dims, key);
      this.previous = '';
      return;
    }
    const { dims, ends, previous } = this;
    const shortest = Math.min(key.length, previous.length);
    let same = 0;
    while (same < shortest && key.charCodeAt(same) === previous.charCodeAt(same)) same++;
    let position = 0;
    while (position < dims.length && (ends[position] as number) < same) position++;
    let start = position === 0 ? 0 : (ends[position - 1] as number) + 1;
    let index = 0;
    let digits = true;
    for (let i = start; i <= key.length; i++) {
      const c = i < key.length ? key.charCodeAt(i) : 58;
      if (c !== 58) {
        // Digits are read in place; anything else (never sent) is read as Number() reads it.
        if (c >= 48 && c <= 57) index = index * 10 + (c - 48);
        else digits = false;
        continue;
      }
      if (position < dims.length) {
        ends[position] = i;
        set(
          dims[position] as Component,
          digits && i > start ? index : Number(key.slice(start, i)),
          cells,
          fallback,
        );
      }
      position++;
      start = i + 1;
      index = 0;
      digits = true;
    }
    for (; position < dims.length; position++) set(dims[position] as Component, -1, cells, fallback);
    this.previous = key;
  }
}

/** A dimension's value by index into a slot no other component writes, else the fallback's. */
function set(d: Component, index: number, cells: JsonCells, fallback: JsonCells): void {
  const cell = d.resolved[index];
  if (cell === undefined) {
    cells.cells[d.slot] = fallback.cells[d.slot];
    cells.tokens[d.slot] = fallback.tokens[d.slot] as number;
  } else {
    cells.cells[d.slot] = cell;
    cells.tokens[d.slot] = index;
  }
}
