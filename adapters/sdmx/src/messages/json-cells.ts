import type { Component, Json } from './json-components.js';
import type { CodedValue } from './observation.js';
import { NO_CELL, OWN_CELL } from './observation-layout.js';

/**
 * One level's view of an SDMX-JSON observation's values (data set, series or observation), by
 * slot, with each cell's token (its index in the component's values) for sharing shapes.
 */
export class JsonCells {
  readonly cells: Array<CodedValue | undefined>;
  readonly tokens: Int32Array;

  constructor(size: number) {
    this.cells = new Array(size).fill(undefined);
    this.tokens = new Int32Array(size).fill(NO_CELL);
  }

  /** Takes the values of `slots` as `from` holds them (what the level above set). */
  copy(from: JsonCells, slots: Int32Array): void {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as number;
      this.cells[slot] = from.cells[slot];
      this.tokens[slot] = from.tokens[slot] as number;
    }
  }

  /** Sets a dimension value by index; an index that points at nothing leaves the slot as it was. */
  dimension(component: Component, index: number): void {
    const cell = component.resolved[index];
    if (cell === undefined) return;
    this.cells[component.slot] = cell;
    this.tokens[component.slot] = component.shared ? OWN_CELL : index;
  }

  /** Sets the dimension values a "0:3:1" key names, by index into each dimension's value list. */
  key(dims: Component[], key: string): void {
    if (key === '') return;
    let position = 0;
    let start = 0;
    let index = 0;
    let digits = true;
    for (let i = 0; i <= key.length; i++) {
      const c = i < key.length ? key.charCodeAt(i) : 58;
      if (c !== 58) {
        // Digits are read in place; anything else (never sent) is read as Number() reads it.
        if (c >= 48 && c <= 57) index = index * 10 + (c - 48);
        else digits = false;
        continue;
      }
      const d = dims[position++];
      if (d) this.dimension(d, digits && i > start ? index : Number(key.slice(start, i)));
      start = i + 1;
      index = 0;
      digits = true;
    }
  }

  /**
   * Attribute values by index, from `from` on (null: not given). A non-index (2.0 allows a
   * literal value) is taken as is, a cell of its own.
   */
  attributes(attributes: Component[], indexes: Json, from: number): void {
    if (!Array.isArray(indexes)) return;
    for (let i = from; i < indexes.length; i++) {
      const index = indexes[i];
      const attribute = attributes[i - from];
      if (!attribute || index === null || index === undefined) continue;
      if (typeof index !== 'number') {
        const code = typeof index === 'object' ? JSON.stringify(index) : String(index);
        this.cells[attribute.slot] = { code, label: null };
        this.tokens[attribute.slot] = OWN_CELL;
        continue;
      }
      const cell = attribute.resolved[index];
      if (cell === undefined) continue;
      this.cells[attribute.slot] = cell;
      this.tokens[attribute.slot] = attribute.shared ? OWN_CELL : index;
    }
  }
}
