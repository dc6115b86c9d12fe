import type { MouseEvent } from 'react';
import { create } from 'zustand';
import { txTable } from '../../lib/tx-table';

/**
 * The rows the person picked for a bulk edit: Ctrl-click (⌘-click) adds or removes one, Shift-click adds
 * every row shown between the last one picked and this one, "select all" takes every row the filter shows.
 * A plain click still opens the row's details.
 */
interface PickedRows {
  ids: ReadonlySet<string>;
  /** The index in the view of the last row picked (where a Shift-click range starts). */
  anchor: number | null;
  toggle(id: string, index: number): void;
  range(view: Int32Array, to: number): void;
  all(view: Int32Array): void;
  clear(): void;
}

export const usePickedRows = create<PickedRows>((set, get) => ({
  ids: new Set(),
  anchor: null,
  toggle(id, index) {
    const ids = new Set(get().ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    set({ ids, anchor: index });
  },
  range(view, to) {
    const from = get().anchor ?? to;
    const ids = new Set(get().ids);
    for (let k = Math.min(from, to); k <= Math.max(from, to); k++) ids.add(txTable.ids[view[k]]);
    set({ ids, anchor: to });
  },
  all(view) {
    set({ ids: new Set(Array.from(view, (i) => txTable.ids[i])), anchor: null });
  },
  clear() {
    set({ ids: new Set(), anchor: null });
  },
}));

/** Handles a click that picks rows (Ctrl/⌘ or Shift held); false for a plain click. */
export function pickOnClick(e: MouseEvent, view: Int32Array, index: number, id: string): boolean {
  const picked = usePickedRows.getState();
  if (e.shiftKey) {
    e.preventDefault();
    picked.range(view, index);
    return true;
  }
  if (e.ctrlKey || e.metaKey) {
    picked.toggle(id, index);
    return true;
  }
  return false;
}
