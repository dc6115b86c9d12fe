/**
 * The engine against misbehaving providers (a fake connector registered only here): thrown exceptions,
 * hangs, malformed data end as the right channel status, never as an engine crash; and the transaction
 * rules of docs/api/synchronization.md#transaction-keys (keys, dedup, PENDING → BOOKED in place, vanished PENDING →
 * CANCELLED / EXPIRED).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountFetchResult,
  Connector,
  ConnectorContext,
  ProviderAccount,
  ProviderTransaction,
} from '../../../src/main/engine/connectors/types';
import { AccountError, ConnectorError } from '../../../src/main/engine/connectors/types';
import type { SecretStore } from '../../../src/main/engine/secrets/secret-store';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';
import type { PublishedEvent } from '../../../src/main/engine/events/engine-events';
import { upsertCatalogue } from '../../../src/main/engine/catalogue/seed';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

class MemorySecrets implements SecretStore {
  readonly values = new Map<string, string>();
  assertAvailable() {}
  isAvailable() {
    return true;
  }
  get(name: string) {
    return this.values.get(name) ?? null;
  }
  set(name: string, value: string) {
    this.values.set(name, value);
  }
  delete(name: string) {
    this.values.delete(name);
  }
}

const PROVIDER = '9990';
const CHANNEL = '999000';
const DAY = 86_400;
const T0 = 1_750_000_000;

type Behaviour = {
  list?: (ctx: ConnectorContext) => Promise<unknown>;
  fetch?: (ctx: ConnectorContext, account: ProviderAccount) => Promise<unknown>;
};

let behaviour: Behaviour = {};
const account = (reference: string, extra: Partial<ProviderAccount> = {}): ProviderAccount => ({
  reference,
  name: `Account ${reference}`,
  type: 'CHECKINGS',
  currency: 'EUR',
  usage: 'PERSONAL',
  balance: '100.00',
  balance_date: T0,
  ...extra,
});
const tx = (extra: Partial<ProviderTransaction>): ProviderTransaction => ({
  date: T0 - DAY,
  amount: '-10.00',
  label: 'Coffee',
  raw: 'CB COFFEE',
  type: 'POINT_OF_SALE',
  status: 'BOOKED',
  ...extra,
});

const fake: Connector = {
  definition: {
    id: PROVIDER,
    name: 'Fake Bank',
    type: 'BANKING',
    country_code: 'FRA',
    base_url: 'https://fake.invalid',
    logo: 'fake.svg',
    channel_definitions: [
      {
        id: CHANNEL,
        mode: 'EMBEDDED',
        account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
        interactive: true,
        credentials: [{ id: 'login', label: 'Login', type: 'TEXT', encrypt: false, regexp: '^.+$' }],
        unavailable: false,
        capabilities: [],
      },
    ],
  },
  listAccounts: (ctx) =>
    (behaviour.list ? behaviour.list(ctx) : Promise.resolve([account('A')])) as Promise<ProviderAccount[]>,
  fetchAccount: (ctx, a) =>
    (behaviour.fetch
      ? behaviour.fetch(ctx, a)
      : Promise.resolve({
          reference: a.reference,
          balance: '100.00',
          balance_date: T0,
          transactions: [],
        })) as Promise<AccountFetchResult>,
};

let engine: TestEngine;
const secrets = new MemorySecrets();
const events: PublishedEvent[] = [];
let stopListening: () => void;

beforeAll(async () => {
  engine = await startTestEngine({ secrets, connectors: [fake] });
  upsertCatalogue(engine.ctx.db, [fake.definition], []);
  stopListening = engine.ctx.events.on((e) => void events.push(e));
});
afterAll(async () => {
  stopListening?.();
  await engine?.stop();
});
afterEach(() => {
  behaviour = {};
  events.length = 0;
});

function newConnection(values: Record<string, string> = { login: 'me' }): {
  userId: number;
  id: number;
  channelId: number;
} {
  const db = engine.ctx.db;
  const userId = engine.createUser();
  const id = Number(
    db
      .prepare(
        "INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, ?, 'Fake', 'NEVER', ?)",
      )
      .run(userId, PROVIDER, T0).lastInsertRowid,
  );
  const channelId = Number(
    db
      .prepare(
        "INSERT INTO channels (connection_id, channel_definition_id, mode, status, has_secret) VALUES (?, ?, 'EMBEDDED', 'NEVER', 1)",
      )
      .run(id, CHANNEL).lastInsertRowid,
  );
  secrets.set(channelSecretName(channelId), JSON.stringify(values));
  return { userId, id, channelId };
}

async function sync(id: number, request = {}): Promise<{ status: string; channel: any; error: string | null }> {
  expect(engine.ctx.services.sync.start(id, request)).toBe(true);
  const deadline = Date.now() + 10_000;
  while (engine.ctx.services.sync.isRunning(id)) {
    if (Date.now() > deadline) throw new Error('still running');
    await new Promise((r) => setTimeout(r, 10));
  }
  const db = engine.ctx.db;
  const channel = db.prepare('SELECT * FROM channels WHERE connection_id = ?').get(id) as any;
  return {
    status: db.prepare('SELECT status FROM connections WHERE id = ?').pluck().get(id) as string,
    channel,
    error: channel.last_error,
  };
}

const rows = (id: number) =>
  engine.ctx.db
    .prepare(
      'SELECT t.* FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE a.connection_id = ? ORDER BY t.id',
    )
    .all(id) as any[];

describe('provider failures end as channel statuses', () => {
  it.each<[string, Behaviour, string]>([
    [
      'a thrown exception',
      {
        list: async () => {
          throw new TypeError('boom: secret detail');
        },
      },
      'FAILED',
    ],
    [
      'a ConnectorError',
      {
        list: async () => {
          throw new ConnectorError('AUTH_FAILED', 'wrong password');
        },
      },
      'AUTH_FAILED',
    ],
    [
      'a ConnectorError with an unknown status',
      {
        list: async () => {
          throw new ConnectorError('WHATEVER' as never, 'x');
        },
      },
      'FAILED',
    ],
    ['a list that is not a list', { list: async () => ({ accounts: [] }) }, 'FAILED'],
    ['an account with a bad balance', { list: async () => [account('A', { balance: '12,50' })] }, 'FAILED'],
    ['an account with an unknown type', { list: async () => [account('A', { type: 'STOCKS' as never })] }, 'FAILED'],
    [
      'a fetch with a bad amount',
      {
        fetch: async (_c, a) => ({
          reference: a.reference,
          balance: '1.00',
          balance_date: T0,
          transactions: [tx({ amount: 'ten' })],
        }),
      },
      'FAILED',
    ],
    [
      'a fetch that throws',
      {
        fetch: async () => {
          throw new RangeError('nope');
        },
      },
      'FAILED',
    ],
    ['a fetch returning null', { fetch: async () => null }, 'FAILED'],
    [
      'a lost challenge-less ConnectorError in fetch',
      {
        fetch: async () => {
          throw new ConnectorError('SERVICE_UNAVAILABLE', 'down');
        },
      },
      'SERVICE_UNAVAILABLE',
    ],
  ])('%s → %s, the engine keeps serving', async (_name, b, status) => {
    behaviour = b;
    const { id } = newConnection();
    const result = await sync(id);
    expect(result.status).toBe(status);
    expect(result.channel.status).toBe(status);
    expect(result.error ?? '').not.toContain('secret detail');
    expect((await engine.http('/health')).status).toBe(200);
    expect(engine.ctx.db.prepare('SELECT status FROM sync_runs WHERE connection_id = ?').pluck().get(id)).toBe(status);
    const final = events.filter((e) => e.connectionId === id && e.channelRun);
    expect(final).toHaveLength(1);
    expect(final[0].eventType).toBe(status);
  });

  it('a credential a connector echoes in its errors reaches neither the database nor the log', async () => {
    const secret = 'hunter2-very-secret';
    behaviour = {
      list: async (ctx) => {
        throw new Error(`cannot log in with ${ctx.credentials.password}`);
      },
    };
    const first = newConnection({ login: 'me', password: secret });
    expect((await sync(first.id)).error).not.toContain(secret);
    behaviour = {
      list: async (ctx) => {
        throw new ConnectorError('AUTH_FAILED', `wrong password ${ctx.credentials.password}`);
      },
    };
    const second = newConnection({ login: 'me', password: secret });
    const result = await sync(second.id);
    expect(result.status).toBe('AUTH_FAILED');
    expect(result.error).toContain('wrong password [redacted]');
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const log = readFileSync(join(engine.dataDir, 'logs', 'coffer.log'), 'utf8');
    expect(log).toContain('cannot log in with [redacted]');
    expect(log).not.toContain(secret);
  });

  it('a provider that never answers → FAILED after the call time limit; its late answer is ignored', async () => {
    engine.ctx.settings.setRaw('sync_call_timeout_seconds', 0.3);
    try {
      let late: ((v: unknown) => void) | undefined;
      behaviour = { list: () => new Promise((resolve) => (late = resolve)) };
      const { id } = newConnection();
      const result = await sync(id);
      expect(result.status).toBe('FAILED');
      expect(result.error).toContain('did not answer');
      late!([account('A')]);
      await new Promise((r) => setTimeout(r, 50));
      expect(engine.ctx.db.prepare('SELECT count(*) FROM accounts WHERE connection_id = ?').pluck().get(id)).toBe(0);
    } finally {
      engine.ctx.settings.setRaw('sync_call_timeout_seconds', 300);
    }
  });

  it('one bad account among good ones → PARTIAL_SUCCESS, the bad one ERROR; AccountError NOT_FOUND → NOT_FOUND', async () => {
    behaviour = {
      list: async () => [account('A'), account('B'), account('C')],
      fetch: async (_c, a) => {
        if (a.reference === 'B') return { reference: 'B', balance: 'x', balance_date: T0, transactions: [] };
        if (a.reference === 'C') throw new AccountError('NOT_FOUND', 'gone');
        return { reference: a.reference, balance: '5.00', balance_date: T0, transactions: [tx({ key: 'k1' })] };
      },
    };
    const { id } = newConnection();
    expect((await sync(id)).status).toBe('PARTIAL_SUCCESS');
    const statuses = engine.ctx.db
      .prepare('SELECT reference, status FROM accounts WHERE connection_id = ? ORDER BY reference')
      .all(id);
    expect(statuses).toEqual([
      { reference: 'A', status: 'ACTIVE' },
      { reference: 'B', status: 'ERROR' },
      { reference: 'C', status: 'NOT_FOUND' },
    ]);
    expect(rows(id)).toHaveLength(1);
  });

  it('a failed run keeps the previous data and does not save the connector memory; a successful one does', async () => {
    behaviour = {
      list: async (ctx) => {
        ctx.state.counter = ((ctx.state.counter as number) ?? 0) + 1;
        return [account('A')];
      },
      fetch: async (_c, a) => ({
        reference: a.reference,
        balance: '5.00',
        balance_date: T0,
        transactions: [tx({ key: 'k1' }), tx({ key: 'k2' })],
      }),
    };
    const { id } = newConnection();
    expect((await sync(id)).status).toBe('SUCCESS');
    expect(JSON.parse((await sync(id)).channel.connector_state)).toEqual({ counter: 2 });
    behaviour.fetch = async () => {
      throw new ConnectorError('FAILED', 'bank error');
    };
    const failed = await sync(id);
    expect(failed.status).toBe('FAILED');
    expect(JSON.parse(failed.channel.connector_state)).toEqual({ counter: 2 });
    expect(rows(id)).toHaveLength(2);
    expect(engine.ctx.db.prepare('SELECT status FROM accounts WHERE connection_id = ?').pluck().get(id)).toBe('ERROR');
    expect(failed.channel.last_success_date).not.toBeNull();
  });
});

describe('transactions (see docs/api/synchronization.md)', () => {
  it('re-reading the same data never duplicates; keyless rows get derived keys, identical ones kept apart', async () => {
    const data = [
      tx({}),
      tx({}),
      tx({ amount: '-3.50', raw: 'CB BAKERY', label: 'Bakery' }),
      tx({ key: 'bank-1', amount: '20.00', type: 'CREDIT' }),
    ];
    behaviour = {
      fetch: async (_c, a) => ({ reference: a.reference, balance: '100.00', balance_date: T0, transactions: data }),
    };
    const { id } = newConnection();
    expect((await sync(id)).status).toBe('SUCCESS');
    const first = rows(id);
    expect(first).toHaveLength(4);
    expect(new Set(first.map((r) => r.provider_key)).size).toBe(4);
    expect(first.find((r) => r.provider_key === 'bank-1').amount).toBe(2000);
    expect(first[0].amount).toBe(-1000);
    expect(first.every((r) => r.user_id === first[0].user_id && r.import_date === r.last_update_date)).toBe(true);
    expect(await sync(id)).toMatchObject({ status: 'SUCCESS' });
    const second = rows(id);
    expect(second.map((r) => [r.id, r.provider_key, r.import_date])).toEqual(
      first.map((r) => [r.id, r.provider_key, r.import_date]),
    );
    const finalEvents = events.filter((e) => e.connectionId === id && e.channelRun);
    expect(finalEvents.map((e) => e.channelRun!.newTransactions)).toEqual([true, false]);
  });

  it('a PENDING row that books is updated in place; a vanished one becomes CANCELLED, or EXPIRED when old', async () => {
    const realNow = engine.ctx.now;
    let now = realNow();
    engine.ctx.now = () => now;
    try {
      let data = [
        tx({ key: 'p1', status: 'PENDING', date: now - DAY }),
        tx({ key: 'p2', status: 'PENDING', date: now - DAY }),
        tx({ key: 'p3', status: 'PENDING', date: now - 40 * DAY }),
        tx({ key: 'p4', status: 'PENDING', date: now - DAY }),
      ];
      let complete = true;
      behaviour = {
        fetch: async (_c, a) => ({
          reference: a.reference,
          balance: '1.00',
          balance_date: now,
          transactions: data,
          pending_complete: complete,
        }),
      };
      const { id } = newConnection();
      await sync(id);
      const before = new Map(rows(id).map((r) => [r.provider_key, r]));
      expect([...before.values()].every((r) => r.status === 'PENDING')).toBe(true);

      now += 3600;
      data = [tx({ key: 'p1', status: 'BOOKED', date: now - DAY - 3600, booking_date: now })];
      complete = true;
      await sync(id);
      const after = new Map(rows(id).map((r) => [r.provider_key, r]));
      expect(after.size).toBe(4);
      expect(after.get('p1')).toMatchObject({
        id: before.get('p1').id,
        status: 'BOOKED',
        last_update_date: now,
        import_date: before.get('p1').import_date,
        booking_date: now,
      });
      expect(after.get('p2')).toMatchObject({ status: 'CANCELLED', last_update_date: now });
      expect(after.get('p3')).toMatchObject({ status: 'EXPIRED' });
      expect(after.get('p4')).toMatchObject({ status: 'CANCELLED' });

      // Without a complete pending list, a row that is not shown stays as it is.
      data = [tx({ key: 'p5', status: 'PENDING', date: now })];
      await sync(id);
      data = [];
      complete = false;
      await sync(id);
      expect(new Map(rows(id).map((r) => [r.provider_key, r])).get('p5').status).toBe('PENDING');
    } finally {
      engine.ctx.now = realNow;
    }
  });

  it('balance in minor units of the currency; balance history worked back from the balance', async () => {
    behaviour = {
      list: async () => [account('J', { currency: 'JPY', balance: '1200', balance_date: T0 })],
      fetch: async (_c, a) => ({
        reference: a.reference,
        balance: '1200',
        balance_date: T0,
        transactions: [
          tx({ key: 'a', amount: '-200', date: T0 - 2 * DAY }),
          tx({ key: 'b', amount: '500', date: T0 - DAY, type: 'CREDIT' }),
        ],
      }),
    };
    const { id } = newConnection();
    expect((await sync(id)).status).toBe('SUCCESS');
    const acc = engine.ctx.db.prepare('SELECT id, balance FROM accounts WHERE connection_id = ?').get(id) as any;
    expect(acc.balance).toBe(1200);
    const history = engine.ctx.db
      .prepare('SELECT date, balance FROM balance_history WHERE account_id = ? ORDER BY date')
      .all(acc.id) as any[];
    const day = (t: number) => Math.floor(t / DAY) * DAY;
    expect(history).toEqual([
      { date: day(T0 - 2 * DAY), balance: 700 },
      { date: day(T0 - DAY), balance: 1200 },
      { date: day(T0), balance: 1200 },
    ]);
  });
});

describe('runs', () => {
  it('cancel stops a run: nothing of it is written, the connector sees its signal aborted', async () => {
    let seen: AbortSignal | undefined;
    behaviour = {
      fetch: (ctx) =>
        new Promise((_resolve, reject) => {
          seen = ctx.signal;
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
        }),
    };
    const { id } = newConnection();
    expect(engine.ctx.services.sync.start(id)).toBe(true);
    expect(engine.ctx.services.sync.start(id)).toBe(false);
    while (!seen) await new Promise((r) => setTimeout(r, 5));
    await engine.ctx.services.sync.cancel(id);
    expect(seen.aborted).toBe(true);
    expect(engine.ctx.services.sync.isRunning(id)).toBe(false);
    expect(engine.ctx.db.prepare('SELECT count(*) FROM accounts WHERE connection_id = ?').pluck().get(id)).toBe(0);
    expect(engine.ctx.db.prepare('SELECT status FROM channels WHERE connection_id = ?').pluck().get(id)).toBe('FAILED');
    expect(engine.ctx.db.prepare('SELECT status FROM sync_runs WHERE connection_id = ?').pluck().get(id)).toBe(
      'CANCELLED',
    );
  });

  it('a plain request for a running connection is dropped; a targeted one runs after the current run', async () => {
    let release: (() => void) | undefined;
    behaviour = {
      fetch: async (_c, a) => {
        if (!release) await new Promise<void>((r) => (release = r));
        return { reference: a.reference, balance: '1.00', balance_date: T0, transactions: [] };
      },
    };
    const { id } = newConnection();
    expect(engine.ctx.services.sync.start(id)).toBe(true);
    while (!release) await new Promise((r) => setTimeout(r, 5));
    expect(engine.ctx.services.sync.start(id)).toBe(false);
    expect(engine.ctx.services.sync.start(id, { type: 'ALL', channelDefinitionIds: [CHANNEL] })).toBe(false);
    expect(engine.ctx.services.sync.start(id, { type: 'ALL', channelDefinitionIds: [CHANNEL] })).toBe(false);
    release();
    const runs = () =>
      engine.ctx.db.prepare('SELECT count(*) FROM sync_runs WHERE connection_id = ?').pluck().get(id) as number;
    const deadline = Date.now() + 5000;
    while ((runs() < 2 || engine.ctx.services.sync.isRunning(id)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    expect(runs()).toBe(2);
    expect(engine.ctx.db.prepare('SELECT status FROM connections WHERE id = ?').pluck().get(id)).toBe('SUCCESS');
  });

  it('the limit of parallel channel runs holds', async () => {
    engine.ctx.settings.set('max_parallel_syncs', 2);
    let active = 0;
    let peak = 0;
    behaviour = {
      fetch: async (_c, a) => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 60));
        active--;
        return { reference: a.reference, balance: '1.00', balance_date: T0, transactions: [] };
      },
    };
    const ids = Array.from({ length: 5 }, () => newConnection().id);
    for (const id of ids) engine.ctx.services.sync.start(id);
    for (const id of ids)
      expect(engine.ctx.db.prepare('SELECT status FROM connections WHERE id = ?').pluck().get(id)).toBe('RUNNING');
    while (ids.some((id) => engine.ctx.services.sync.isRunning(id))) await new Promise((r) => setTimeout(r, 10));
    expect(peak).toBe(2);
    for (const id of ids)
      expect(engine.ctx.db.prepare('SELECT status FROM connections WHERE id = ?').pluck().get(id)).toBe('SUCCESS');
    engine.ctx.settings.set('max_parallel_syncs', 4);
  });

  it('no credentials in the keychain → NEEDS_SECRET', async () => {
    const { id, channelId } = newConnection();
    secrets.delete(channelSecretName(channelId));
    expect((await sync(id)).status).toBe('NEEDS_SECRET');
  });

  it('closed connections and accounts are not synchronized; CLOSED accounts keep their data', async () => {
    behaviour = {
      list: async () => [account('A'), account('B')],
      fetch: async (_c, a) => ({
        reference: a.reference,
        balance: '9.00',
        balance_date: T0,
        transactions: [tx({ key: `${a.reference}-1` })],
      }),
    };
    const { id } = newConnection();
    await sync(id);
    engine.ctx.db
      .prepare("UPDATE accounts SET status = 'CLOSED', balance = 0 WHERE connection_id = ? AND reference = 'B'")
      .run(id);
    behaviour.fetch = async (_c, a) => ({
      reference: a.reference,
      balance: '9.00',
      balance_date: T0,
      transactions: [tx({ key: `${a.reference}-2` })],
    });
    await sync(id);
    const b = engine.ctx.db
      .prepare("SELECT id, status, balance FROM accounts WHERE connection_id = ? AND reference = 'B'")
      .get(id) as any;
    expect(b).toMatchObject({ status: 'CLOSED', balance: 0 });
    expect(engine.ctx.db.prepare('SELECT count(*) FROM transactions WHERE account_id = ?').pluck().get(b.id)).toBe(1);
    engine.ctx.db.prepare("UPDATE connections SET status = 'CLOSED' WHERE id = ?").run(id);
    expect(engine.ctx.services.sync.start(id)).toBe(false);
  });
});
