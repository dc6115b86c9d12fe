import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog } from './Dialog';
import type { IconName } from './Icon';

export interface ConfirmDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  /** The destructive action's label ("Delete"). */
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  onConfirm(): void;
  busy?: boolean;
  /** The action cannot run yet (e.g. while counting what it would remove). */
  disabled?: boolean;
  error?: string | null;
  icon?: IconName;
  /** What will happen, in words. */
  children: ReactNode;
}

/** An alert dialog confirming a destructive action: Cancel has the focus, the action is red. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      closeLabel={props.closeLabel}
      role="alertdialog"
      title={props.title}
      footer={
        <>
          <Button onClick={props.onClose} data-autofocus>
            {props.cancelLabel}
          </Button>
          <Button
            variant="danger-solid"
            icon={props.icon ?? 'trash'}
            busy={props.busy}
            disabled={props.disabled}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      {props.children}
      {props.error && <Alert tone="danger">{props.error}</Alert>}
    </Dialog>
  );
}
