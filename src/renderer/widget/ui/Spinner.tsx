export function Spinner({ small = false, label }: { small?: boolean; label?: string }) {
  return (
    <span
      className={small ? 'w-spinner w-spinner-small' : 'w-spinner'}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
