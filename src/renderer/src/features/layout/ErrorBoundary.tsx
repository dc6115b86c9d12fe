import { Component, type ReactNode } from 'react';
import { translate, type Language } from '../../lib/i18n/translate';
import { Button, Card, EmptyState } from '../../ui';

interface Props {
  language: Language;
  /** Changing it (a new page) clears the error. */
  resetKey: string;
  children: ReactNode;
}

/**
 * A screen that fails to render shows a sentence and a way out instead of a blank window: what happened in
 * the person's words and what to do (try again, reload, report it). The JavaScript error is a programmer's
 * text, so it is never the headline: it waits, folded, under "Technical details" for a bug report.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error) {
    console.error('screen failed to render', error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const t = (key: Parameters<typeof translate>[1]) => translate(this.props.language, key);
    return (
      <div className="page">
        <Card>
          <EmptyState
            icon="alert"
            tone="error"
            title={t('screenFailure.title')}
            action={
              <div className="stack" style={{ alignItems: 'center' }}>
                <div className="row" style={{ gap: 8 }}>
                  <Button variant="primary" onClick={() => this.setState({ error: null })}>
                    {t('common.retry')}
                  </Button>
                  <Button onClick={() => window.location.reload()}>{t('screenFailure.reload')}</Button>
                </div>
                <details className="faint" style={{ fontSize: 12.5, maxWidth: 560, textAlign: 'left' }}>
                  <summary>{t('screenFailure.details')}</summary>
                  <pre className="mono" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', userSelect: 'text' }}>
                    {error.stack ?? `${error.name}: ${error.message}`}
                  </pre>
                </details>
              </div>
            }
          >
            {t('screenFailure.text')}
          </EmptyState>
        </Card>
      </div>
    );
  }
}
