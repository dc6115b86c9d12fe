import type { I18n } from '../../lib/i18n';
import type { PluralKey } from '../../lib/i18n/translate';

const KINDS = new Set(['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD']);

/**
 * The kind of `count` accounts of one type, singular or plural as the language wants it ("Credit card" under
 * one account, "Credit cards" for two). A type this app does not know yet is shown as the engine names it.
 */
export function accountKind(i18n: Pick<I18n, 'tn'>, type: string, count = 1): string {
  if (!KINDS.has(type)) return type;
  return i18n.tn(`accountKind.${type}` as PluralKey, count);
}

