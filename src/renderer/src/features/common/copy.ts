import { toast } from '../../ui';

export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    // The clipboard may be refused (no focus, permissions): the value stays selectable on screen.
  }
}
