import type { Category } from '../../lib/api/types';

/**
 * The categories as <option>s: each top category, then its subcategories indented under it (the person's own
 * among them). A category the person hid is left out, unless it is `current` (the value being shown).
 */
export function CategoryOptions({ categories: all, current }: { categories: readonly Category[]; current?: string }) {
  const categories = all.filter((c) => !c.hidden || c.id === current);
  const parents = categories.filter((c) => !c.parent);
  return (
    <>
      {parents.map((p) => [
        <option key={p.id} value={p.id}>
          {p.label}
        </option>,
        ...categories
          .filter((c) => c.parent?.id === p.id)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {'\u00a0\u00a0\u00a0'}
              {c.label}
            </option>
          )),
      ])}
    </>
  );
}
