/**
 * The providers of dynamic connectors (C16: Enable Banking's banks) in the catalogue: listed while the
 * connector is configured, refreshed daily and whenever its configuration changes. Each bank keeps the id
 * allocated the first time it was listed (store/dynamic-providers.ts).
 */
import { dynamicConnectorRegistry } from '../connectors/registry';
import type { Connector } from '../connectors/types';
import type { EngineContext } from '../context';
import { dynamicProvidersStore } from '../store/dynamic-providers';
import { connectorEnvironment } from './environment';

/** Dynamic providers come after the providers that ship with the code. */
const FIRST_POSITION = 1000;
const REFRESH_EVERY_MS = 24 * 3600 * 1000;
const refreshedKey = (name: string) => `connector_catalogue_refreshed.${name}`;

type Ctx = Pick<EngineContext, 'db' | 'settings' | 'secrets' | 'now' | 'log'>;

/**
 * Lists the connector's providers now and writes them into the catalogue; when it is not configured, takes
 * them out. Rejects when the provider could not be asked (the catalogue is then left as it was).
 */
export async function refreshDynamicProviders(ctx: Ctx, connector: Connector, signal = AbortSignal.timeout(120_000)): Promise<number> {
  const dynamic = connector.dynamicProviders;
  if (!dynamic) return 0;
  const name = connector.configurationName ?? connector.definition.id;
  const store = dynamicProvidersStore(ctx.db);
  const env = connectorEnvironment(ctx, connector, undefined, signal);
  if (!env.configuration) {
    ctx.db.transaction(() => store.unlistAllBut(name, new Set()))();
    return 0;
  }
  const listed = await dynamic.list(env);
  const now = ctx.now();
  const sorted = [...listed].sort((a, b) => a.country_code.localeCompare(b.country_code) || a.name.localeCompare(b.name));
  ctx.db.transaction(() => {
    const keep = new Set<string>();
    sorted.forEach((p, i) => {
      const id = store.allocate(name, dynamic.idPrefix, p.key, JSON.stringify(p.details), now);
      keep.add(id);
      store.writeCatalogue({
        id,
        name: p.name,
        country_code: p.country_code,
        base_url: p.base_url,
        logo: p.logo,
        position: FIRST_POSITION + i,
        channel_definitions: p.channel_definitions.map((d) => ({ ...d, id: `${id}${d.id}` })),
      });
    });
    store.unlistAllBut(name, keep);
  })();
  ctx.settings.setRaw(refreshedKey(name), now);
  return sorted.length;
}

/** StartupStep: refreshes at start when the last refresh is a day old (in the background), then daily. */
export function startDynamicCatalogue(ctx: EngineContext): void {
  const refreshAll = (force: boolean) => {
    for (const connector of dynamicConnectorRegistry) {
      const name = connector.configurationName ?? connector.definition.id;
      const last = Number(ctx.settings.getRaw<number>(refreshedKey(name)) ?? 0);
      if (!force && ctx.now() - last < REFRESH_EVERY_MS / 1000) continue;
      refreshDynamicProviders(ctx, connector).catch((err: unknown) =>
        ctx.log.warn({ connector: name, message: (err as Error).message }, 'the bank catalogue could not be refreshed'),
      );
    }
  };
  const first = setTimeout(() => ctx.db.open && refreshAll(false), 5000);
  const every = setInterval(() => ctx.db.open && refreshAll(true), REFRESH_EVERY_MS);
  first.unref();
  every.unref();
  ctx.onClose(() => {
    clearTimeout(first);
    clearInterval(every);
  });
}
