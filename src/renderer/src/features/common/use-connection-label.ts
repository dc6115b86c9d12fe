import type { Connection } from '../../lib/api';
import { dataSelectors, useStore } from '../../store';
import { labelOf } from '../../../core/labels/connection-label';
import { labelText, type LabelParts } from '../../../core/labels/label-parts';

/** A connection's label (features/common/connection-label) in parts and as text, kept current by the store. */
export function useConnectionLabel(connection: Pick<Connection, 'id' | 'name'>): { parts: LabelParts; text: string } {
  const parts = labelOf(useStore(dataSelectors.connectionLabels), connection);
  return { parts, text: labelText(parts) };
}
