/**
 * Category colours for the charts. A category's colour is derived from its id alone, so it is the same on
 * every screen, in every period and on every visit (it used to follow the category's rank, which changes
 * with the data shown). The id is hashed (FNV-1a, 32 bits) with a fixed salt into one of 13 palette slots;
 * the salt was chosen so that the 13 top-level categories of the catalogue (resources/categories.json, the
 * groups the charts show) fall in 13 different slots. Other ids still get a stable colour, possibly shared.
 * The slots are CSS variables (`--category-0` … `--category-12`, charts.css) with a light and a dark shade.
 */
export const CATEGORY_SLOTS = 13;
const SALT = '43475:';

/** The key of the "other categories" bucket of a chart: a neutral grey, never a category's colour. */
export const OTHER_KEY = '__other';

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The palette slot (0 … 12) of a category id. */
export function categorySlot(id: string): number {
  return fnv1a(SALT + id) % CATEGORY_SLOTS;
}

/** The CSS colour of a category id (or of the "other" bucket). */
export function categoryColor(id: string): string {
  return id === OTHER_KEY ? 'var(--chart-8)' : `var(--category-${categorySlot(id)})`;
}
