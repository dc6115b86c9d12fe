import type { TextareaHTMLAttributes } from 'react';
import { useT } from '../../../lib/i18n';
import { simplefinText } from './strings';

/**
 * The "Update credentials" field of a SimpleFIN connection: a multi-line paste field for a new setup token
 * (tokens are long and often copied with line breaks, which a one-line password field would cut), with one
 * sentence saying where the token comes from. Values go under the credential id `setup_token`.
 */
export function SimplefinTokenField({
  values,
  onChange,
  showErrors,
}: {
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  showErrors: boolean;
}) {
  const { lang } = useT();
  const s = simplefinText(lang);
  const value = values.setup_token ?? '';
  const missing = showErrors && value.trim() === '';
  return (
    <label className="stack" style={{ gap: 4 }}>
      <span style={{ fontWeight: 600 }}>{s.tokenLabel}</span>
      <span className="muted" style={{ fontSize: 13 }} id="simplefin-renew-hint">
        {s.renewHint}
      </span>
      <TokenTextarea
        value={value}
        onChange={(e) => onChange({ ...values, setup_token: e.target.value })}
        aria-invalid={missing ? true : undefined}
        aria-describedby="simplefin-renew-hint"
        data-testid="simplefin-renew-token"
      />
      {missing && <span className="field-error">{s.tokenRequired}</span>}
    </label>
  );
}

/**
 * Where a setup token is pasted (adding a connection, renewing its access): several lines, monospace, no
 * spelling or autofill, since tokens are long and often copied with line breaks.
 */
export function TokenTextarea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className="input"
      rows={4}
      spellCheck={false}
      autoComplete="off"
      style={{ fontFamily: 'var(--font-mono, monospace)', wordBreak: 'break-all', resize: 'vertical' }}
      {...props}
    />
  );
}

/** true for a SimpleFIN connection (its credentials dialog shows SimplefinTokenField). */
export const isSimplefin = (providerId: string) => providerId === '9600';
