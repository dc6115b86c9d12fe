import { useEffect, useState, type FormEvent } from 'react';
import { usersApi } from '../../lib/api';
import { LANGUAGES, LANGUAGE_NAMES, useT, type Language } from '../../lib/i18n';
import { useStore } from '../../store';
import { Button, Card, SelectField, TextField, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { DataTransferSettings } from './DataTransferSettings';
import { DeleteProfileSettings } from './DeleteProfileSettings';
import { PasswordSettings } from './PasswordSettings';

export function GeneralSettings() {
  const i18n = useT();
  const { t, lang } = i18n;
  const setLanguage = useStore((s) => s.setLanguage);
  const user = useStore((s) => s.user);
  const [first, setFirst] = useState(user?.first_name ?? '');
  const [last, setLast] = useState(user?.last_name ?? '');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setFirst(user?.first_name ?? '');
    setLast(user?.last_name ?? '');
  }, [user]);

  const saveProfile = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await usersApi.update({ first_name: first.trim(), last_name: last.trim() });
      useStore.setState({
        user: user ? { ...user, first_name: first.trim() || undefined, last_name: last.trim() || undefined } : user,
      });
      toast.success(t('common.saved'));
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack-lg">
      <Card title={t('settings.language')} id="language">
        <div className="stack" style={{ maxWidth: 360 }}>
          <SelectField
            label={t('settings.language')}
            hint={t('settings.languageHint')}
            value={lang}
            onChange={(e) => void setLanguage(e.target.value as Language)}
            data-testid="language-select"
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>
      <Card title={t('settings.theme')} id="theme">
        <p className="muted">{t('settings.themeHint')}</p>
      </Card>
      {user && (
        <Card title={t('settings.profile')} id="profile">
          <form className="stack" onSubmit={saveProfile} style={{ maxWidth: 520 }}>
            <p className="muted">{t('settings.signedInAs', { email: user.email })}</p>
            <div className="grid-2">
              <TextField
                label={t('firstRun.firstName')}
                value={first}
                onChange={(e) => setFirst(e.target.value)}
                autoComplete="given-name"
              />
              <TextField
                label={t('firstRun.lastName')}
                value={last}
                onChange={(e) => setLast(e.target.value)}
                autoComplete="family-name"
              />
            </div>
            <div>
              <Button type="submit" busy={busy}>
                {t('common.save')}
              </Button>
            </div>
          </form>
        </Card>
      )}
      {user && <PasswordSettings />}
      {user && <DataTransferSettings />}
      {user && <DeleteProfileSettings email={user.email} />}
    </div>
  );
}
