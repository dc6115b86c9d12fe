import { useEffect, useState } from 'react';
import { connectionsApi } from '../../lib/api';

/**
 * The folder of a statement-files source in full (its owner's own path: the connection record only has it
 * masked). Nothing while it is read, or when the engine cannot say it (the keychain is locked).
 */
export function FolderLine({ connectionId }: { connectionId: string }) {
  const [folder, setFolder] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    connectionsApi
      .documentFolder(connectionId)
      .then((r) => live && setFolder(r.folder ?? null))
      .catch(() => live && setFolder(null));
    return () => {
      live = false;
    };
  }, [connectionId]);
  if (!folder) return null;
  return (
    <span className="mono" style={{ fontSize: 12.5, overflowWrap: 'anywhere' }} data-testid="document-folder">
      {folder}
    </span>
  );
}
