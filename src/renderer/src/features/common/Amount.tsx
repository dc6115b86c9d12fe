import { useT } from '../../lib/i18n';

/** A money amount with its sign colour (credits green, debits plain). */
export function Amount({
  value,
  currency,
  sign,
  strong,
}: {
  value: number;
  currency: string;
  sign?: boolean;
  strong?: boolean;
}) {
  const { money } = useT();
  const className = `num${value > 0 && sign ? ' positive' : value < 0 && !sign ? ' negative' : ''}`;
  return (
    <span className={className} style={strong ? { fontWeight: 600 } : undefined}>
      {money(value, currency, { sign })}
    </span>
  );
}
