import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Icon } from '../../ui';

export interface Option {
  value: string;
  label: string;
  hint?: string;
  /** Indented under its parent. */
  depth?: number;
}

/** A chip that opens a checkbox list (with a search box when long). Esc or a click outside closes it. */
export function MultiSelect({
  label,
  options,
  selected,
  onChange,
  searchLabel,
  clearLabel,
}: {
  label: string;
  options: Option[];
  selected: string[];
  onChange: (values: string[]) => void;
  searchLabel: string;
  clearLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        (ref.current?.querySelector('button') as HTMLButtonElement | null)?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // The list is as wide as its longest name (.popover-wide); one opened near the window's right edge is moved
  // left so that it stays whole on screen (the account filter at 800 px).
  const popover = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);
  useLayoutEffect(() => {
    // Measured once when opened (closed, the shift is back to 0): a search that shortens the list must not
    // make it jump.
    if (!open || !popover.current) {
      setShift(0);
      return;
    }
    setShift(Math.max(0, popover.current.getBoundingClientRect().right - (window.innerWidth - 12)));
  }, [open]);

  const shown = useMemo(() => {
    const term = q.trim().toLowerCase();
    return term ? options.filter((o) => o.label.toLowerCase().includes(term)) : options;
  }, [options, q]);
  const set = new Set(selected);

  return (
    <div ref={ref} style={{ position: 'relative' }}>
      <button
        type="button"
        className="chip"
        aria-pressed={selected.length > 0}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        {selected.length > 0 && <strong>· {selected.length}</strong>}
        <Icon name="chevronDown" size={14} />
      </button>
      {open && (
        <div
          ref={popover}
          className="popover popover-wide"
          style={shift ? { left: -shift } : undefined}
          id={id}
          role="group"
          aria-label={label}
        >
          {options.length > 8 && (
            <input
              className="input input-sm"
              type="search"
              placeholder={searchLabel}
              aria-label={searchLabel}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              autoFocus
              style={{ marginBottom: 6 }}
            />
          )}
          <div className="stack" style={{ gap: 2 }}>
            {shown.map((o, i) => (
              <label
                key={o.value}
                className="checkbox"
                style={{ padding: '5px 6px', paddingLeft: 6 + (o.depth ?? 0) * 18, borderRadius: 6 }}
              >
                <input
                  type="checkbox"
                  checked={set.has(o.value)}
                  autoFocus={options.length <= 8 && i === 0}
                  onChange={(e) =>
                    onChange(e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))
                  }
                />
                <span style={{ flex: 1 }}>{o.label}</span>
                {o.hint && (
                  <span className="faint" style={{ fontSize: 12 }}>
                    {o.hint}
                  </span>
                )}
              </label>
            ))}
          </div>
          {selected.length > 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              style={{ marginTop: 6 }}
              onClick={() => onChange([])}
            >
              {clearLabel}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
