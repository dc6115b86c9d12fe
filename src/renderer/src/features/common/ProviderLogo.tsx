import { useState } from 'react';

/** The provider's logo, or its initials on a tinted tile when there is none (or it fails to load). */
export function ProviderLogo({ url, name, size = 'md' }: { url?: string; name: string; size?: 'md' | 'sm' }) {
  const [failed, setFailed] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const className = `logo${size === 'sm' ? ' logo-sm' : ''}`;
  if (url && !failed) return <img className={className} src={url} alt="" onError={() => setFailed(true)} />;
  return (
    <span className={className} aria-hidden="true">
      {initials || '·'}
    </span>
  );
}
