import { useState, type CSSProperties, type TextareaHTMLAttributes } from 'react';
import { useT } from '../../../lib/i18n';
import { RevealToggle } from '../../../ui';
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
 * spelling or autofill, since tokens are long and often copied with line breaks. The token grants access to
 * the person's accounts, so it is masked like a password (a textarea has no password type: the characters are
 * drawn as discs) with the same show/hide toggle as the other secret fields; paste and line breaks still work.
 */
export function TokenTextarea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { lang } = useT();
  const [shown, setShown] = useState(false);
  return (
    <div className="input-with-reveal">
      <textarea
        className="input"
        rows={4}
        spellCheck={false}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        style={{
          fontFamily: 'var(--font-mono, monospace)',
          wordBreak: 'break-all',
          resize: 'vertical',
          WebkitTextSecurity: shown ? 'none' : 'disc',
        } as CSSProperties}
        {...props}
      />
      <RevealToggle label={simplefinText(lang).showToken} shown={shown} onToggle={() => setShown((v) => !v)} />
    </div>
  );
}

/** true for a SimpleFIN connection (its credentials dialog shows SimplefinTokenField). */
export const isSimplefin = (providerId: string) => providerId === '9600';
