/**
 * Keeping the European Central Bank's rates: the whole history once, then what is missing once a day after
 * the publication (domain/fx-schedule.ts), in the background while the engine runs and at once on request.
 * A failed or malformed fetch keeps the rates already held and is retried later; it never empties them.
 */
import type { FastifyBaseLogger } from 'fastify';
import { dayOf } from '../../domain/fx-rates';
import { fileToFetch, type EcbFile } from '../../domain/fx-schedule';
import type { Settings } from '../../settings';
import type { Store } from '../../store';
import { fetchEcbFile, ratesBaseUrl } from './ecb-source';

const LAST_SUCCESS = 'fx_rates.last_success';
const LAST_FAILURE = 'fx_rates.last_failure';
const LAST_ERROR = 'fx_rates.last_error';
/** How often the background checks whether a fetch is due (a check alone reads two settings). */
const CHECK_EVERY_MS = 10 * 60 * 1000;

export interface RefreshOutcome {
  ok: boolean;
  /** The most recent publication day held after the fetch, or null when none is held. */
  latest_rate_date: string | null;
  /** Why the fetch failed, in words (ok: false). */
  error?: string;
}

export interface RatesRefreshDeps {
  store: Pick<Store, 'fxRates'>;
  settings: Pick<Settings, 'getRaw' | 'setRaw'>;
  /** The base URL as configured (COFFER_FX_URL), checked at each fetch. */
  baseUrl: string | undefined;
  log: FastifyBaseLogger;
  /** UTC seconds. */
  now(): number;
  isOpen(): boolean;
}

export class RatesRefresh {
  /** The fetch under way: a second request joins it instead of fetching the same file again. */
  private running: Promise<RefreshOutcome> | null = null;

  constructor(private readonly deps: RatesRefreshDeps) {}

  /** Fetches now (the "refresh now" of the app): what is missing, else the latest day. */
  refreshNow(): Promise<RefreshOutcome> {
    const file = fileToFetch({ now: this.deps.now(), latestHeld: this.deps.store.fxRates.latestEcbDate() }) ?? 'eurofxref-daily.xml';
    return this.fetch(file);
  }

  /** Fetches when something is due (domain/fx-schedule.ts); undefined when nothing was. */
  async refreshIfDue(): Promise<RefreshOutcome | undefined> {
    const { settings, store } = this.deps;
    const file = fileToFetch({
      now: this.deps.now(),
      latestHeld: store.fxRates.latestEcbDate(),
      lastSuccess: settings.getRaw<number>(LAST_SUCCESS),
      lastFailure: this.failureAfterSuccess(),
    });
    return file ? this.fetch(file) : undefined;
  }

  /** When the last fetch ended well (UTC seconds), if ever. */
  lastSuccess(): number | undefined {
    return this.deps.settings.getRaw<number>(LAST_SUCCESS);
  }

  /** Checks soon after start, then every 10 minutes; returns the stop. */
  start(): () => void {
    const check = () => {
      if (this.deps.isOpen()) void this.refreshIfDue();
    };
    const first = setTimeout(check, 3000);
    const every = setInterval(check, CHECK_EVERY_MS);
    first.unref();
    every.unref();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }

  private failureAfterSuccess(): number | undefined {
    const failure = this.deps.settings.getRaw<number>(LAST_FAILURE);
    const success = this.deps.settings.getRaw<number>(LAST_SUCCESS) ?? 0;
    return failure !== undefined && failure > success ? failure : undefined;
  }

  private fetch(file: EcbFile): Promise<RefreshOutcome> {
    this.running ??= this.fetchOnce(file).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async fetchOnce(file: EcbFile): Promise<RefreshOutcome> {
    const { store, settings, log } = this.deps;
    try {
      const base = ratesBaseUrl(this.deps.baseUrl);
      const parsed = await fetchEcbFile(base, file, dayOf(this.deps.now()));
      if (!this.deps.isOpen()) return { ok: false, latest_rate_date: null, error: 'the engine is stopping' };
      if (parsed.rows.length === 0) throw new Error(`the rates file ${file} holds no usable rate`);
      store.fxRates.putEcb(parsed.rows);
      settings.setRaw(LAST_SUCCESS, this.deps.now());
      if (parsed.skipped > 0) log.warn({ file, skipped: parsed.skipped }, 'malformed rows of the rates file were left out');
      return { ok: true, latest_rate_date: store.fxRates.latestEcbDate() };
    } catch (err) {
      const error = (err as Error).message;
      if (!this.deps.isOpen()) return { ok: false, latest_rate_date: null, error };
      settings.setRaw(LAST_FAILURE, this.deps.now());
      settings.setRaw(LAST_ERROR, error);
      log.warn({ file, message: error }, 'the exchange rates could not be fetched; the rates held are kept');
      return { ok: false, latest_rate_date: store.fxRates.latestEcbDate(), error };
    }
  }
}
