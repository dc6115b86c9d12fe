import { useState } from 'react';

/** The provider's logo (served by the engine), or its initials when there is none. */
export function ProviderLogo({ name, url, size = 40 }: { name: string; url?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  if (!url || failed) {
    return (
      <span className="w-logo w-logo-initials" style={{ width: size, height: size }} aria-hidden="true">
        {initials}
      </span>
    );
  }
  return <img className="w-logo" src={url} alt="" width={size} height={size} onError={() => setFailed(true)} />;
}
