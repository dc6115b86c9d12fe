import { useEffect, useId, useState, type CSSProperties } from 'react';
import { datePattern, formatTypedDay, parseTypedDay } from '../lib/date-input';

/**
 * A day typed in the app's language (dd/mm/yyyy, jj/mm/aaaa: day first, as the app writes dates), never the
 * browser's own date input (mm/dd/yyyy in an English browser, whatever the app's language). The value is an
 * ISO day (YYYY-MM-DD) or "" for none. Each complete day typed is passed on at once; leaving the field
 * rewrites it as dd/mm/yyyy, or says why it is not a day (the value then stays as it was).
 */
export function DateField({
  label,
  value,
  onChange,
  lang,
  invalidText,
  width = 140,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  lang: 'en' | 'fr';
  /** Said when the text is not a day (it should give the pattern). */
  invalidText: string;
  width?: CSSProperties['width'];
  testId?: string;
}) {
  const id = useId();
  const [text, setText] = useState(() => formatTypedDay(value));
  const [invalid, setInvalid] = useState(false);

  // A value changed elsewhere (filters cleared, a saved filter applied) replaces what the field shows,
  // unless it is what is being typed.
  useEffect(() => {
    setText((current) => (parseTypedDay(current) === value ? current : formatTypedDay(value)));
    setInvalid(false);
  }, [value]);

  const change = (next: string) => {
    setText(next);
    const day = parseTypedDay(next);
    if (day !== null) {
      setInvalid(false);
      if (day !== value) onChange(day);
    }
  };

  const leave = () => {
    const day = parseTypedDay(text);
    if (day === null) setInvalid(true);
    else setText(formatTypedDay(day));
  };

  return (
    <span className="date-field">
      <label className="row faint" style={{ gap: 6, fontSize: 12.5 }} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input input-sm"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        style={{ width }}
        placeholder={datePattern(lang)}
        value={text}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => change(e.target.value)}
        onBlur={leave}
        data-testid={testId}
      />
      {invalid && (
        <span id={`${id}-error`} className="date-field-error" role="alert">
          {invalidText}
        </span>
      )}
    </span>
  );
}
