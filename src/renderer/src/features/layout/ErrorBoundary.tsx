import { Component, type ReactNode } from 'react';
import { i18nFor, type Language } from '../../lib/i18n';
import { Button, Card, EmptyState } from '../../ui';

interface Props {
  language: Language;
  /** Changing it (a new page) clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** A screen that fails to render shows a sentence and a way out instead of a blank window. */
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
    if (!this.state.error) return this.props.children;
    const { t } = i18nFor(this.props.language);
    return (
      <div className="page">
        <Card>
          <EmptyState
            icon="alert"
            tone="error"
            title={t('error.loadFailed')}
            action={<Button onClick={() => this.setState({ error: null })}>{t('common.retry')}</Button>}
          >
            {t('error.generic', { message: this.state.error.message })}
          </EmptyState>
        </Card>
      </div>
    );
  }
}
