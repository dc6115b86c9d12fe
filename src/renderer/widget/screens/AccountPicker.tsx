import { useId, useState, type ReactNode } from 'react';
import { formatAmount, useI18n } from '../lib/i18n';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Screen } from '../ui/Screen';

export interface PickableAccount {
  key: string;
  name: string;
  type: string;
  currency: string;
  balance?: number;
  detail?: string;
  badge?: string;
}

/** A list of accounts to tick (consent, professional accounts, managed accounts), keyboard- and screen-reader friendly. */
export function AccountPicker(props: {
  title: string;
  subtitle: ReactNode;
  accounts: PickableAccount[];
  initial: ReadonlySet<string>;
  submitLabel(n: number): string;
  /** Whether an empty choice is allowed (managing consent: yes; first consent: no). */
  allowNone?: boolean;
  error?: string | null;
  onSubmit(selected: Set<string>): Promise<void>;
  secondary?: ReactNode;
  testId?: string;
}) {
  const { t, lng } = useI18n();
  const groupId = useId();
  const [selected, setSelected] = useState<Set<string>>(() => new Set(props.initial));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const all = props.accounts.length > 0 && props.accounts.every((a) => selected.has(a.key));

  const toggle = (key: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const submit = async () => {
    if (!props.allowNone && selected.size === 0) {
      setProblem(t('select.none'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await props.onSubmit(selected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen
      title={props.title}
      subtitle={props.subtitle}
      testId={props.testId}
      actions={
        <>
          <Button onClick={submit} busy={busy}>
            {props.submitLabel(selected.size)}
          </Button>
          {props.secondary}
        </>
      }
    >
      {(problem || props.error) && <Alert tone="error">{problem ?? props.error}</Alert>}
      {props.accounts.length > 1 && (
        <label className="w-check w-check-all">
          <input
            type="checkbox"
            checked={all}
            onChange={() => setSelected(all ? new Set() : new Set(props.accounts.map((a) => a.key)))}
          />
          <span>{t('select.all')}</span>
        </label>
      )}
      <ul className="w-accounts" role="group" aria-labelledby={groupId}>
        <span id={groupId} className="w-sr-only">
          {props.title}
        </span>
        {props.accounts.map((a) => (
          <li key={a.key}>
            <label className="w-check w-account">
              <input type="checkbox" checked={selected.has(a.key)} onChange={() => toggle(a.key)} disabled={busy} />
              <span className="w-account-text">
                <span className="w-account-name">
                  {a.name}
                  {a.badge && <span className="w-badge">{a.badge}</span>}
                </span>
                <span className="w-account-detail">
                  {t(`type.${a.type}` as 'type.CHECKINGS')}
                  {a.detail ? ` · ${a.detail}` : ''}
                </span>
              </span>
              {a.balance !== undefined && <span className="w-amount">{formatAmount(lng, a.balance, a.currency)}</span>}
            </label>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
