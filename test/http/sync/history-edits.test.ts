import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, api, connectEmbedded, getJson, transactionsOf, waitSettled, type Caller } from './sync-helpers';

/**
 * What a person sets on their history survives synchronizations, with the Test Bank through real HTTP, on
 * both results writers (main thread and the results writer thread):
 * - a PENDING card payment edited (category, note, tags) keeps them when the next run books it;
 * - rows already stored are never re-filed by a run, even when a rule or a learnt label now matches them;
 * - NEW rows are filed by the person's rules first (RULE + rule id), then by what was learnt from their
 *   corrections (LEARNED), else by the automatic categorizer (no category_source).
 *
 * The Test Bank (connectors/testbank/README.md): card payments of a run are PENDING, BOOKED (same key) in the
 * next; the 2nd fetching run brings a 150.00 «PRE-AUTORISATION CB …» row; each run adds 2–3 card payments.
 */
const MANAGE = ['accounts_read', 'transactions_read', 'transactions_manage', 'connections_manage', 'connections_sync'] as const;

describe.each([['main thread', 'inline'] as const, ['results writer thread', 'thread'] as const])('with the results written on the %s', (_, writer) => {
  let engine: TestEngine;
  let c: Caller;
  beforeAll(async () => {
    engine = await startTestEngine({ resultsWriter: writer });
    const userId = engine.createUser();
    c = { engine, userId, token: engine.userToken(userId, MANAGE) };
  });
  afterAll(async () => engine?.stop());

  const put = async (id: string, json: unknown) => {
    const res = await api(c, `/transactions/${id}`, { method: 'PUT', json });
    expect(res.status, await res.clone().text()).toBe(204);
  };

  it('keeps the edits through pending → booked, never re-files stored rows, files new rows rules > learned > automatic', async () => {
    const connection = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, connection)).status).toBe('SUCCESS');
    const card = (await accountsOf(c, connection)).find((a) => a.type === 'CREDIT_CARD');
    const before = await transactionsOf(c, card.id);
    const pending = before.find((t) => t.status === 'PENDING');
    expect(pending, 'a pending card payment after the first run').toBeDefined();

    // A category no card row has: whatever it files is ours.
    const used = new Set(before.map((t) => t.category_id));
    const categories = await getJson<any[]>(c, '/categories');
    const [mine, learnt] = categories.map((x) => x.id).filter((id) => !used.has(id) && id !== 'UNCATEGORIZED');

    await put(pending.id, { category_id: mine, user_note: 'to claim back', tags: ['work', 'trip'] });

    // Two corrections of the same label to `learnt` for every label seen at least three times (the third stays
    // as the bank filed it: a stored row is never re-filed).
    const byLabel = new Map<string, any[]>();
    for (const t of before) if (t.id !== pending.id) byLabel.set(t.label, [...(byLabel.get(t.label) ?? []), t]);
    const untouched: any[] = [];
    for (const rows of byLabel.values()) {
      if (rows.length < 3) continue;
      await put(rows[0].id, { category_id: learnt });
      await put(rows[1].id, { category_id: learnt });
      untouched.push(...rows.slice(2));
    }
    expect(untouched.length).toBeGreaterThan(0);

    // A rule for the pre-authorization the second run brings (its text is in the bank notes only).
    const ruleRes = await api(c, '/categorization_rules', { method: 'POST', json: { pattern: 'pre-autorisation cb', category_id: mine } });
    expect(ruleRes.status).toBe(201);
    const rule = (await ruleRes.json()) as any;

    expect((await api(c, `/connections/${connection}/synchronize`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await waitSettled(c, connection)).status).toBe('SUCCESS');
    const after = await transactionsOf(c, card.id);
    const byId = new Map(after.map((t) => [t.id, t]));

    // Pending → booked in place, the person's category, note and tags kept; the bank's data updated.
    const settled = byId.get(pending.id);
    expect(settled.status).toBe('BOOKED');
    expect(settled).toMatchObject({ category_id: mine, category_source: 'USER', user_note: 'to claim back', tags: ['work', 'trip'], label: pending.label });

    // Stored rows are not re-filed.
    for (const t of untouched) {
      expect(byId.get(t.id).category_id).toBe(t.category_id);
      expect(byId.get(t.id)).not.toHaveProperty('category_source');
    }

    // New rows: the rule first, then the learnt labels, else the automatic categorizer.
    const known = new Set(before.map((t) => t.id));
    const fresh = after.filter((t) => !known.has(t.id));
    const learntLabels = new Set([...byLabel].filter(([, rows]) => rows.length >= 3).map(([label]) => label.toLowerCase()));
    const byRule = fresh.filter((t) => /pre-autorisation cb/i.test(t.notes ?? ''));
    expect(byRule.length, 'the pre-authorization of the 2nd run').toBeGreaterThan(0);
    for (const t of fresh) {
      if (byRule.includes(t)) expect(t).toMatchObject({ category_id: mine, category_source: 'RULE', category_rule_id: rule.id });
      else if (learntLabels.has(t.label.toLowerCase())) expect(t).toMatchObject({ category_id: learnt, category_source: 'LEARNED' });
      else expect(t).not.toHaveProperty('category_source');
    }
    expect(fresh.filter((t) => t.category_source === 'LEARNED').length, 'a new card payment with a learnt label').toBeGreaterThan(0);
  });
});
