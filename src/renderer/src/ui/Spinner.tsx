export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span
      className={`spinner${size === 'md' ? '' : ` spinner-${size}`}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A centered spinner with a line of text, for a whole card or page that is loading. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="empty" role="status" aria-live="polite">
      <Spinner size="lg" />
      <p>{label}</p>
    </div>
  );
}
