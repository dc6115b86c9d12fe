/**
 * LIST_ACCOUNTS, consent per account, deleted accounts (docs/api/records.md#account-status,
 * docs/api/events.md#event-types).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import {
  accountsOf,
  api,
  connectEmbedded,
  getJson,
  newCaller,
  subscribe,
  totalTransactions,
  until,
  waitSettled,
} from './sync-helpers';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
});

describe('LIST_ACCOUNTS', () => {
  it('consent_per_account: the first synchronization lists the accounts, adds them PENDING_CONSENT and syncs nothing', async () => {
    const c = newCaller(engine);
    const read = await subscribe(c);
    const id = await connectEmbedded(c, 'user_ok', { consent_per_account: true });
    const connection = await waitSettled(c, id);
    expect(connection.status).toBe('SUCCESS');
    expect(connection.consent_per_account).toBe(true);
    const accounts = await accountsOf(c, id);
    expect(accounts).toHaveLength(4);
    for (const a of accounts) {
      expect(a.status).toBe('PENDING_CONSENT');
      expect(await totalTransactions(c, a.id)).toBe(0);
    }
    const events = await until('LIST_ACCOUNTS_SUCCESS', async () => {
      const all = await read();
      return all.some((e) => e.event_type === 'LIST_ACCOUNTS_SUCCESS') ? all : undefined;
    });
    expect(events.map((e) => e.event_type)).toEqual([
      'RUNNING',
      'SUCCESS',
      'CONSENT_REQUIRED',
      'LIST_ACCOUNTS_SUCCESS',
    ]);
    const listed = events[3].list_accounts_success.accounts;
    expect(listed).toHaveLength(4);
    for (const entry of listed) {
      expect(entry).toMatchObject({
        status: 'NEW',
        connection_id: id,
        reference: expect.any(String),
        name: expect.any(String),
        currency: 'EUR',
      });
      expect(typeof entry.balance).toBe('number');
    }
    expect(listed.find((e: any) => e.type === 'SAVINGS').savings).toBeTruthy();

    // Consent granted for one account (what the manage-accounts widget does): it is synchronized, only it.
    const chosen = accounts.find((a) => a.type === 'CHECKINGS');
    engine.ctx.db.prepare("UPDATE accounts SET status = 'ACTIVE' WHERE id = ?").run(Number(chosen.id));
    expect(engine.ctx.services.sync.start(Number(id), { type: 'ALL', accountIds: [Number(chosen.id)] })).toBe(true);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    expect(await totalTransactions(c, chosen.id)).toBeGreaterThan(100);
    for (const a of accounts.filter((x) => x.id !== chosen.id)) {
      expect((await getJson(c, `/accounts/${a.id}`)).status).toBe('PENDING_CONSENT');
      expect(await totalTransactions(c, a.id)).toBe(0);
    }
    // A plain ALL synchronization leaves accounts waiting for consent alone.
    await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    await waitSettled(c, id);
    for (const a of accounts.filter((x) => x.id !== chosen.id)) expect(await totalTransactions(c, a.id)).toBe(0);

    // Listing again: all four PRESENT.
    const again = await subscribe(c);
    await api(c, `/connections/${id}/synchronize?type=LIST_ACCOUNTS`, { method: 'POST' });
    await waitSettled(c, id);
    const second = await until('second listing', async () =>
      (await again()).find((e) => e.event_type === 'LIST_ACCOUNTS_SUCCESS'),
    );
    expect(second.list_accounts_success.accounts.map((e: any) => e.status)).toEqual([
      'PRESENT',
      'PRESENT',
      'PRESENT',
      'PRESENT',
    ]);
  });

  it('without consent_per_account: new accounts are added, then an ALL synchronization starts by itself', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    await waitSettled(c, id);
    const accounts = await accountsOf(c, id);
    const card = accounts.find((a) => a.type === 'CREDIT_CARD');
    // The user deletes the card: an ALL synchronization does not bring it back.
    expect((await api(c, `/accounts/${card.id}`, { method: 'DELETE' })).status).toBe(204);
    await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    expect((await accountsOf(c, id)).map((a) => a.type).sort()).toEqual(['CHECKINGS', 'LOAN', 'SAVINGS']);

    // LIST_ACCOUNTS lists it NEW, adds it back, and the following ALL run synchronizes it.
    const read = await subscribe(c);
    expect((await api(c, `/connections/${id}/synchronize?type=LIST_ACCOUNTS`, { method: 'POST' })).status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const after = await accountsOf(c, id);
    const back = after.find((a) => a.type === 'CREDIT_CARD');
    expect(back).toBeTruthy();
    expect(back.status).toBe('ACTIVE');
    expect(await totalTransactions(c, back.id)).toBeGreaterThan(0);
    const events = await until('events', async () => {
      const all = await read();
      return all.filter((e) => e.event_type === 'SUCCESS').length >= 1 ? all : undefined;
    });
    expect(events.map((e) => e.event_type)).toEqual(['RUNNING', 'LIST_ACCOUNTS_SUCCESS', 'RUNNING', 'SUCCESS']);
    const list = events[1].list_accounts_success.accounts;
    expect(list.find((e: any) => e.reference === card.reference).status).toBe('NEW');
    expect(list.filter((e: any) => e.status === 'PRESENT')).toHaveLength(3);
    const deleted = engine.ctx.db
      .prepare('SELECT count(*) FROM deleted_accounts WHERE connection_id = ?')
      .pluck()
      .get(Number(id));
    expect(deleted).toBe(0);
  });

  it('with consent_per_account, LIST_ACCOUNTS brings a deleted account back PENDING_CONSENT, listed NEW', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    await waitSettled(c, id);
    const loan = (await accountsOf(c, id)).find((a) => a.type === 'LOAN');
    await api(c, `/accounts/${loan.id}`, { method: 'DELETE' });
    engine.ctx.db.prepare('UPDATE connections SET consent_per_account = 1 WHERE id = ?').run(Number(id));
    await api(c, `/connections/${id}/synchronize?type=LIST_ACCOUNTS`, { method: 'POST' });
    await waitSettled(c, id);
    const readded = (await accountsOf(c, id)).find((a) => a.type === 'LOAN');
    expect(readded.status).toBe('PENDING_CONSENT');
    expect(await totalTransactions(c, readded.id)).toBe(0);
    const listed = engine.ctx.db
      .prepare('SELECT status FROM listed_accounts WHERE connection_id = ? AND reference = ?')
      .pluck()
      .get(Number(id), loan.reference);
    expect(listed).toBe('NEW');
  });
});
