import { useEffect, useRef, type ReactNode } from 'react';

/**
 * One step of a widget flow: a heading that takes the focus when the step appears (screen readers announce
 * the new step, keyboard users start from it), a short explanation, the content and the actions.
 */
export function Screen(props: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  tone?: 'error' | 'success';
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: false });
  }, [props.title]);
  return (
    <section className="w-screen" aria-labelledby="w-screen-title" data-testid={props.testId}>
      {props.icon && (
        <div className={`w-screen-icon${props.tone ? ` w-screen-icon-${props.tone}` : ''}`} aria-hidden="true">
          {props.icon}
        </div>
      )}
      <h1 id="w-screen-title" ref={heading} tabIndex={-1}>
        {props.title}
      </h1>
      {props.subtitle && <p className="w-subtitle">{props.subtitle}</p>}
      {props.children}
      {props.actions && <div className="w-actions">{props.actions}</div>}
    </section>
  );
}
