import { api } from './client';
import type {
  AdminSettings,
  Backup,
  CreatedOAuthClient,
  OAuthClient,
  SignKey,
  WebhookConfig,
  WebhookDelivery,
  WebhookStatus,
} from './types';

/**
 * The admin API (installation settings, webhook, clients, sign keys), called with the owner's short-lived
 * admin token.
 */
const admin = { auth: 'admin' as const };

/** Whether the recovery key was written down; the code only while not, or for the owner's password. */
export interface RecoveryKeyState {
  written_down: boolean;
  recovery_code?: string;
}

export const adminApi = {
  clients: () => api.get<OAuthClient[]>('/admin/clients', admin),
  createClient: (body: { name: string; redirect_uris?: string[]; public?: boolean; scopes?: string[] }) =>
    api.post<CreatedOAuthClient>('/admin/clients', body, admin).then((r) => r.data),
  revokeClient: (id: string) => api.del(`/admin/clients/${encodeURIComponent(id)}`, admin),
  webhook: () => api.get<WebhookStatus | undefined>('/admin/webhook', admin),
  setWebhook: (body: { url: string; secret?: string }) => api.put<WebhookConfig>('/admin/webhook', body, admin),
  deleteWebhook: () => api.del('/admin/webhook', admin),
  // Newest first: the settings screen shows the latest 100 deliveries.
  deliveries: () =>
    api.get<WebhookDelivery[]>('/admin/webhook/deliveries', { ...admin, query: { limit: 100, order: 'desc' } }),
  settings: () => api.get<AdminSettings>('/admin/settings', admin),
  updateSettings: (body: Partial<AdminSettings>) => api.put<AdminSettings>('/admin/settings', body, admin),
  backups: () => api.get<Backup[]>('/admin/backups', admin),
  backUp: () => api.post<Backup>('/admin/backups', {}, admin).then((r) => r.data),
  deleteBackup: (id: string) => api.del(`/admin/backups/${encodeURIComponent(id)}`, admin),
  /** `recoveryCode`: only for a backup another installation made (copied here from another computer). */
  restoreBackup: (id: string, recoveryCode?: string) =>
    api
      .post<Backup>(`/admin/backups/${encodeURIComponent(id)}/restore`, recoveryCode ? { recovery_code: recoveryCode } : {}, admin)
      .then((r) => r.data),
  recoveryKey: () => api.get<RecoveryKeyState>('/admin/recovery_key', admin),
  recoveryKeyWrittenDown: () => api.put<RecoveryKeyState>('/admin/recovery_key', { written_down: true }, admin),
  revealRecoveryKey: (password: string) =>
    api.post<RecoveryKeyState>('/admin/recovery_key', { password }, admin).then((r) => r.data),
  rotateSignKey: () => api.post<SignKey>('/admin/sign-keys/rotate', {}, admin).then((r) => r.data),
};

export const signKeysApi = {
  list: () => api.get<SignKey[]>('/sign-keys', { base: 'root', auth: 'none' }),
};
