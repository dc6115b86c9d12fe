import type { Category } from '../../lib/api/types';

/** The categories as <option>s: each top category, then its subcategories indented under it. */
export function CategoryOptions({ categories }: { categories: readonly Category[] }) {
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
