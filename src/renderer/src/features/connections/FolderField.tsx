import { useState, type ComponentProps } from 'react';
import { useT } from '../../lib/i18n';
import { Button, TextField } from '../../ui';

/** The desktop shell's folder dialog, when the page runs inside it (the preload bridge); undefined in a browser. */
function folderDialog(): (() => Promise<string | null>) | undefined {
  const bridge = window.coffer;
  return typeof bridge?.chooseFolder === 'function' ? () => bridge.chooseFolder() : undefined;
}

/**
 * A folder path (the statement files' folder): a plain visible text field, never masked. In the desktop app a
 * "Choose folder…" button opens the system's folder dialog and fills the path; in a browser, which cannot
 * open one, a short text says how to copy the path from the file manager and paste it.
 */
export function FolderField(props: ComponentProps<typeof TextField> & { onPick(path: string): void }) {
  const { t } = useT();
  const { onPick, ...field } = props;
  const choose = folderDialog();
  const [failed, setFailed] = useState(false);
  const pick = async () => {
    setFailed(false);
    try {
      const path = await choose!();
      if (path) onPick(path);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="stack" style={{ gap: 6 }}>
      <div className="row" style={{ alignItems: 'flex-end', gap: 8 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <TextField {...field} type="text" />
        </div>
        {choose && (
          <Button icon="folder" onClick={() => void pick()} style={{ marginBottom: field.error ? 22 : 0 }}>
            {t('folder.choose')}
          </Button>
        )}
      </div>
      {failed && <p className="hint error">{t('folder.chooseFailed')}</p>}
      {!choose && (
        <p className="faint" style={{ fontSize: 12.5, margin: 0 }} data-testid="folder-help">
          {t('folder.browserHelp')}
        </p>
      )}
    </div>
  );
}
