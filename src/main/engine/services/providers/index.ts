import { providerFor } from '../../catalogue/catalogue-view';
import { NotFound } from '../../domain/errors';
import type { Language } from '../../../../shared/language';
import type { CatalogueProvider } from '../../store/providers';
import type { ServiceDeps } from '../deps';
import { listProviders, type ProviderListQuery } from './list';
import { providerRecord, type ProviderRecord } from './record';

export type { ProviderListQuery } from './list';

/** The catalogue as the API serves it (routes/providers.ts). */
export function createProviderService(deps: Pick<ServiceDeps, 'store' | 'urls'>) {
  return {
    /**
     * GET /providers: the matching providers, one page (or all), as `userId` sees them (a member of a
     * roll-out batch sees the REDIRECT definition available, docs/api/rollout.md#batches).
     */
    list(
      userId: number | null,
      query: ProviderListQuery,
      lang: Language,
      askedLanguage?: Language,
    ): { records: ProviderRecord[]; total: number } {
      const { items, total } = listProviders(deps.store.providers.all(), query);
      const viewer = { userId };
      return {
        records: items.map((p) => providerRecord(providerFor(deps, p.id, viewer) ?? p, deps.urls.host_url, lang, askedLanguage)),
        total,
      };
    },
    /** GET /providers/{id} as `userId` sees it; NotFound for an unknown provider. */
    record(userId: number | null, providerId: string, lang: Language, askedLanguage?: Language): ProviderRecord {
      const provider = providerFor(deps, providerId, { userId });
      if (!provider) throw NotFound.of('provider', providerId);
      return providerRecord(provider, deps.urls.host_url, lang, askedLanguage);
    },
    /** The catalogue entry (the logo route), undefined for an unknown provider. */
    find: (providerId: string): CatalogueProvider | undefined => deps.store.providers.find(providerId),
  };
}

export type ProviderService = ReturnType<typeof createProviderService>;
