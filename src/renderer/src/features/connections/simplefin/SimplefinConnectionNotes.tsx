import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { Alert, Card } from '../../../ui';
import { INSTITUTION_SEPARATOR, SIMPLEFIN_PROVIDER_ID, simplefinText } from './strings';

// AUTH_FAILED is said by the page's "Update credentials" alert (SimplefinWording), next to its button.
const HELP = ['USER_ACTION_REQUIRED', 'SERVICE_UNAVAILABLE', 'PARTIAL_SUCCESS'] as const;
type HelpStatus = (typeof HELP)[number];

/**
 * A SimpleFIN failure in words, with the action to take (the statuses of docs/api/simplefin.md#failures). Nothing for
 * other providers.
 */
export function SimplefinStatusHelp({ providerId, status }: { providerId: string; status: string }) {
  const { lang } = useT();
  if (providerId !== SIMPLEFIN_PROVIDER_ID || !(HELP as readonly string[]).includes(status)) return null;
  const s = simplefinText(lang);
  return (
    <Alert tone={status === 'USER_ACTION_REQUIRED' ? 'danger' : 'warning'}>
      <span data-testid="simplefin-help" data-status={status}>
        {s[`help_${status as HelpStatus}`]}
      </span>
    </Alert>
  );
}

/** Splits "<institution> · <account>" (the SimpleFIN connector's account names). */
export function institutionOf(name: string): { institution: string | null; account: string } {
  const at = name.indexOf(INSTITUTION_SEPARATOR);
  return at > 0
    ? { institution: name.slice(0, at), account: name.slice(at + INSTITUTION_SEPARATOR.length) }
    : { institution: null, account: name };
}

/**
 * The connection's accounts grouped by institution (SimpleFIN connections only): `render` draws one
 * account row; each group is headed by its institution's name.
 */
export function SimplefinInstitutions<A extends { id: string; name: string }>({
  accounts,
  render,
}: {
  accounts: A[];
  render: (a: A, shortName: string) => ReactNode;
}) {
  const { lang } = useT();
  const s = simplefinText(lang);
  const groups = new Map<string, A[]>();
  for (const a of accounts) {
    const key = institutionOf(a.name).institution ?? s.otherInstitution;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  return (
    <Card title={s.institutions} id="connection-accounts">
      <div className="stack">
        {[...groups.entries()].map(([institution, list]) => (
          <section key={institution} data-testid="simplefin-institution" aria-label={institution}>
            <h3 style={{ fontSize: 14, margin: '4px 0 8px' }}>{institution}</h3>
            <div className="list">{list.map((a) => render(a, institutionOf(a.name).account))}</div>
          </section>
        ))}
      </div>
    </Card>
  );
}

/**
 * A SimpleFIN wording in place of the generic one: `k` of the SimpleFIN texts for a SimpleFIN
 * connection (the generic "login and password" words do not fit a setup token), else `children`.
 */
export function SimplefinWording({
  providerId,
  k,
  children,
}: {
  providerId: string;
  k: 'channelLabel' | 'help_AUTH_FAILED';
  children: ReactNode;
}) {
  const { lang } = useT();
  return <>{providerId === SIMPLEFIN_PROVIDER_ID ? simplefinText(lang)[k] : children}</>;
}
