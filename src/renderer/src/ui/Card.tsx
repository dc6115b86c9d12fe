import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  actions?: ReactNode;
  tight?: boolean;
  flush?: boolean;
  as?: 'section' | 'div' | 'article';
}

/** A surface; with `title` it is a labelled section (the title names it for screen readers). */
export function Card({ title, actions, tight, flush, as = 'section', className, children, ...rest }: CardProps) {
  const Tag = as;
  const classes = ['card', tight && 'card-tight', flush && 'card-flush', className].filter(Boolean).join(' ');
  const headingId = rest.id ? `${rest.id}-title` : undefined;
  return (
    <Tag className={classes} aria-labelledby={title && headingId ? headingId : undefined} {...rest}>
      {(title || actions) && (
        <header className="card-header" style={flush ? { padding: 'var(--space-4) var(--space-5) 0' } : undefined}>
          {title ? <h2 id={headingId}>{title}</h2> : <span />}
          {actions && <div className="row">{actions}</div>}
        </header>
      )}
      {children}
    </Tag>
  );
}
