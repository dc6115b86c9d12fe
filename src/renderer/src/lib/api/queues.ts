import { request } from './client';
import type { Queue } from './types';

export const queuesApi = {
  /** 201 with Location /queues/<id>. */
  subscribe: async (): Promise<string> => {
    const res = await request<Queue | undefined>('POST', '/queues/subscribe', { json: {} });
    if (res.data && typeof res.data === 'object' && typeof res.data.id === 'string') return res.data.id;
    return (res.headers.get('location') ?? '').split('/').pop() ?? '';
  },
  /** Events from `flushFrom` on (earlier ones are deleted); null when the queue is empty (204). */
  read: async (id: string, flushFrom?: number): Promise<Queue | null> => {
    const res = await request<Queue | undefined>('GET', `/queues/${encodeURIComponent(id)}`, {
      query: { flush_from: flushFrom },
    });
    return res.status === 204 || !res.data ? null : res.data;
  },
};
