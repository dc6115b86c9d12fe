import { Link } from '../../lib/router';
import { Icon } from '../../ui';

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="row muted" style={{ gap: 4, fontSize: 13, marginBottom: 6, display: 'inline-flex' }}>
      <Icon name="chevronLeft" size={15} />
      {label}
    </Link>
  );
}
