import { ApiError } from '../../lib/api';
import { useT, type I18n } from '../../lib/i18n';
import { TextField } from '../../ui';

/**
 * In the restore dialog: the recovery key of the installation that made the backup, for a backup copied
 * here from another computer (left empty for this computer's own backups).
 */
export function RestoreCodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useT();
  return (
    <TextField
      label={t('recoveryKey.restoreField')}
      hint={t('recoveryKey.restoreHint')}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A refused restore that is about the recovery key, in words; null for any other refusal. */
export function restoreCodeError(i18n: I18n, err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  if (/with this recovery code/.test(err.description)) return i18n.t('recoveryKey.restoreWrongCode');
  if (/letters and digits|typing mistake|holds only digits/.test(err.description)) return i18n.t('recoveryKey.restoreTypo');
  if (/another Coffer installation made it/.test(err.description)) return i18n.t('recoveryKey.restoreNeedsCode');
  return null;
}
