import { useEffect } from 'react';
import { create } from 'zustand';
import { Button } from './Button';
import { Icon } from './Icon';

export interface ToastItem {
  id: number;
  tone: 'success' | 'error' | 'info';
  message: string;
  /** A button in the toast (an Undo): pressing it runs `run` and closes the toast. */
  action?: { label: string; run(): void; /** What it acts on: `dismissAction(key)` closes the toasts offering it. */ key?: string };
}

interface ToastState {
  toasts: ToastItem[];
  push(tone: ToastItem['tone'], message: string, action?: ToastItem['action']): void;
  dismiss(id: number): void;
  dismissAction(key: string): void;
}

/** Toasts have their own tiny store: any module can raise one without touching the app store. */
export const useToasts = create<ToastState>((set) => {
  let nextId = 1;
  return {
    toasts: [],
    push: (tone, message, action) => set((s) => ({ toasts: [...s.toasts.slice(-2), { id: nextId++, tone, message, action }] })),
    dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
    dismissAction: (key) => set((s) => ({ toasts: s.toasts.filter((t) => t.action?.key !== key) })),
  };
});

export const toast = {
  success: (message: string, action?: ToastItem['action']) => useToasts.getState().push('success', message, action),
  error: (message: string) => useToasts.getState().push('error', message),
  info: (message: string) => useToasts.getState().push('info', message),
};

function ToastView({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    // A toast that offers an Undo stays long enough to read it and reach the button.
    const timer = setTimeout(() => dismiss(item.id), item.tone === 'error' || item.action ? 8000 : 4000);
    return () => clearTimeout(timer);
  }, [item, dismiss]);
  return (
    <div className={`toast toast-${item.tone}`} role={item.tone === 'error' ? 'alert' : 'status'}>
      <Icon name={item.tone === 'success' ? 'check' : item.tone === 'error' ? 'alert' : 'info'} />
      <div style={{ flex: 1 }}>{item.message}</div>
      {item.action && (
        <Button
          size="sm"
          data-testid="toast-action"
          onClick={() => {
            dismiss(item.id);
            item.action!.run();
          }}
        >
          {item.action.label}
        </Button>
      )}
      <Button variant="ghost" size="sm" icon="x" iconOnly onClick={() => dismiss(item.id)}>
        {closeLabel}
      </Button>
    </div>
  );
}

export function Toaster({ closeLabel = 'Dismiss' }: { closeLabel?: string }) {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <ToastView key={t.id} item={t} closeLabel={closeLabel} />
      ))}
    </div>
  );
}
