import { labelText, type LabelParts } from '../../../core/labels/label-parts';

/**
 * A label on one line that, when its place is too narrow, first gives up what is extra (the bank's name when
 * the number already tells the accounts apart), then shortens the names in it (each with an ellipsis), and
 * never the parts that tell look-alikes apart (a masked login or number, a "#2"). The whole label is the
 * title (shown on hover); the parts' text, read in order, is the whole label.
 */
export function PartsLabel({ parts, testId }: { parts: LabelParts; testId?: string }) {
  const text = labelText(parts);
  return (
    <span className="parts-label" title={text} data-testid={testId}>
      {parts.map((part, i) => (
        <span
          key={i}
          className={part.keep ? 'part-keep' : part.extra ? 'part-extra' : 'part-name'}
          data-keep={part.keep ? '' : undefined}
        >
          {part.text}
        </span>
      ))}
    </span>
  );
}
