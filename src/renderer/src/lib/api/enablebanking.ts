import { api } from './client';
import type { EnableBankingApplication } from './types';

export type { EnableBankingApplication };

/**
 * Enable Banking's installation-wide configuration (see docs/api/enablebanking.md#configuration), through the admin API
 * with the owner's short-lived admin token (as the webhook and signing-key screens). The private key goes out once, in
 * the PUT body; the engine keeps it in the OS keychain and never gives it back.
 */
const admin = { auth: 'admin' as const };
const PATH = '/admin/connectors/enablebanking';

export const enableBankingApi = {
  /** The configured application, or null when none is (404 from a route that exists). */
  get: () => api.get<EnableBankingApplication>(PATH, admin),
  configure: (body: { application_id: string; private_key: string }) =>
    api.put<EnableBankingApplication>(PATH, body, admin),
  remove: () => api.del(PATH, admin),
};
