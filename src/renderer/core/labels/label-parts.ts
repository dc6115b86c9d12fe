/**
 * A display name in parts: the parts that tell one thing apart from another of the same name (a masked login,
 * a masked account number, a number in order) are marked `keep`, and a narrow place shortens the other
 * parts (the names, which the look-alikes share) rather than those: "Compte Cou… ••5306 — Coffer… · al****in"
 * rather than "Compte Courant ••5…". Parts marked `extra` (the bank's name when the account numbers already
 * tell the accounts apart) are given up before the names.
 */
export interface LabelPart {
  text: string;
  /** Tells this one apart from its look-alikes: never shortened. */
  keep?: boolean;
  /** Says more, but its look-alikes are told apart without it: the first part a narrow place lets go. */
  extra?: boolean;
}

export type LabelParts = readonly LabelPart[];

/** The parts as one line of text (titles, aria labels, toasts, the CSV). */
export const labelText = (parts: LabelParts): string => parts.map((p) => p.text).join('');

/**
 * Groups items by a key; the groups keep the items' order. Used to find the names several items share.
 */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Gives every label still shared by several items a number in the items' order (" #1", " #2"…): the last
 * resort when nothing else tells them apart.
 */
export function numberLookAlikes<T extends { id: string }>(
  items: readonly T[],
  labels: Map<string, LabelPart[]>,
  key: (text: string) => string,
): void {
  for (const group of groupBy(items, (item) => key(labelText(labels.get(item.id) ?? []))).values()) {
    if (group.length < 2) continue;
    group.forEach((item, index) => labels.get(item.id)?.push({ text: ` #${index + 1}`, keep: true }));
  }
}
