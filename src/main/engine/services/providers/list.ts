import { InvalidInput } from '../../domain/errors';
import { offsetOf, parseEnumList, type PageLimit } from '../../domain/list-input';
import { foldText, searchWords } from '../../domain/text-fold';
import { PROVIDER_TYPES } from '../../domain/values';
import type { CatalogueProvider } from '../../store/providers';

export interface ProviderListQuery extends PageLimit {
  pagination?: boolean;
  type?: string;
  q?: string;
  interactive?: boolean;
  country_code?: string;
}

/**
 * GET /providers filters: `type` (comma list), `q` (every word in the name or id, case and accents
 * ignored), `interactive` (a channel definition with that flag), `country_code` (ISO 3166 alpha-3);
 * `pagination=false` returns every match.
 */
export function listProviders(catalogue: readonly CatalogueProvider[], query: ProviderListQuery): { items: CatalogueProvider[]; total: number } {
  let items = [...catalogue];
  if (query.type !== undefined) {
    const types = parseEnumList('type', query.type, PROVIDER_TYPES);
    items = items.filter((p) => types.includes(p.type));
  }
  if (query.country_code !== undefined) {
    const code = query.country_code.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) throw new InvalidInput('query parameter country_code must be an ISO 3166 alpha-3 code such as FRA');
    items = items.filter((p) => p.country_code === code);
  }
  if (query.interactive !== undefined) {
    items = items.filter((p) => p.channel_definitions.some((d) => d.interactive === query.interactive));
  }
  if (query.q !== undefined) {
    const words = searchWords(query.q);
    items = items.filter((p) => {
      const text = foldText(`${p.name} ${p.id}`);
      return words.every((w) => text.includes(w));
    });
  }
  const total = items.length;
  if (query.pagination === false) return { items, total };
  const offset = offsetOf(query);
  return { items: items.slice(offset, offset + query.limit), total };
}
