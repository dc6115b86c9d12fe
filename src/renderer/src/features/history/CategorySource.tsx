import { useEffect } from 'react';
import { useT } from '../../lib/i18n';
import type { CategorySource as Source } from '../../lib/tx-table';
import { useRules } from '../../store/history/rules';
import { Icon, type IconName } from '../../ui';

const ICONS: Record<Exclude<Source, ''>, IconName> = { USER: 'edit', RULE: 'filter', LEARNED: 'refresh' };

/** Who filed a transaction under its category: the person, one of their rules (named), learning, or automatic. */
export function CategorySource({ source, ruleId }: { source: Source; ruleId: string }) {
  const { t } = useT();
  const rules = useRules((s) => s.rules);
  const load = useRules((s) => s.load);
  useEffect(() => {
    if (source === 'RULE') void load();
  }, [source, load]);
  const rule = source === 'RULE' ? rules.find((r) => r.id === ruleId) : undefined;
  const text =
    source === 'RULE'
      ? rule
        ? t('hedit.source.RULE', { pattern: rule.pattern })
        : t('hedit.source.RULE_unknown')
      : source
        ? t(`hedit.source.${source}`)
        : t('hedit.source.AUTO');
  return (
    <span className="faint category-source" data-testid="tx-category-source" data-source={source || 'AUTO'}>
      {source && <Icon name={ICONS[source]} size={12} />} {text}
    </span>
  );
}

/** The short mark of a row filed by a rule or by learning (the details say more). */
export function sourceMark(source: Source): IconName | null {
  return source === 'RULE' || source === 'LEARNED' ? ICONS[source] : null;
}
