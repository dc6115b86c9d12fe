import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Esc, the close button and a click on the backdrop call it (unless `dismissible` is false). */
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  dismissible?: boolean;
  /** The accessible description (a sentence), read when the dialog opens. */
  description?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  closeLabel?: string;
}

/**
 * A modal dialog: focus moves inside and stays there (Tab cycles), Esc closes, focus returns to where it
 * was. The first element marked `data-autofocus` (else the first focusable one) gets the focus.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  wide,
  dismissible = true,
  description,
  role = 'dialog',
  closeLabel = 'Close',
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current!;
    const first =
      node.querySelector<HTMLElement>('[data-autofocus]') ??
      [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].find((el) => !el.hasAttribute('data-dialog-close')) ??
      node;
    first.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dismissible) {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const firstItem = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === firstItem || !node.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !node.contains(document.activeElement))) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open, dismissible]);

  if (!open) return null;
  return createPortal(
    <div
      className="dialog-scrim"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dismissible) onClose();
      }}
    >
      <div
        ref={ref}
        className={`dialog${wide ? ' dialog-wide' : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
      >
        <div className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          {dismissible && (
            <Button variant="ghost" size="sm" icon="x" iconOnly onClick={onClose} data-dialog-close="">
              {closeLabel}
            </Button>
          )}
        </div>
        {description && (
          <p id={descId} className="muted">
            {description}
          </p>
        )}
        {children}
        {footer && <div className="dialog-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
