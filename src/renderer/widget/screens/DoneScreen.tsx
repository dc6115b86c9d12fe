import { useI18n } from '../lib/i18n';
import type { WidgetResult } from '../lib/result';
import { AlertIcon, CheckIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';

/** Shown when a page ends without a redirect_uri to go back to. */
export function DoneScreen({ result }: { result: WidgetResult }) {
  const { t } = useI18n();
  const title =
    result.result === 'success' ? t('done.success') : result.result === 'expired' ? t('done.expired') : t('done.error');
  return (
    <Screen
      title={title}
      subtitle={t('done.body')}
      icon={result.result === 'success' ? <CheckIcon /> : <AlertIcon />}
      tone={result.result === 'success' ? 'success' : 'error'}
      testId={`done-${result.result}`}
    >
      {result.error && <p className="w-hint">{result.error}</p>}
    </Screen>
  );
}
