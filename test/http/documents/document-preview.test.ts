import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS_ID } from '../../../src/main/engine/statement-files';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertConnection } from '../../helpers/fixtures';

/**
 * POST /connections/{id}/document_preview over real HTTP: a CSV sample read with the settings given (or the
 * connection's), its header's columns and first rows as Coffer would import them; nothing stored.
 */
let engine: TestEngine;
let token: string;
let statements: number;
let bank: number;
let foreign: number;
const CSV = ['Relevé du compte', 'Date;Libellé;Débit;Crédit;Solde', '05/11/2026;CB CARREFOUR;12,30;;100,00', '06/11/2026;VIREMENT SALAIRE;;2 000,00;2 100,00', '07/11/2026;???;abc;;0'].join('\n');

beforeAll(async () => {
  engine = await startTestEngine();
  const db = engine.ctx.db;
  const user = engine.createUser();
  token = engine.userToken(user, ['connections_manage']);
  statements = insertConnection(db, user, { providerId: STATEMENTS_ID });
  bank = insertConnection(db, user);
  foreign = insertConnection(db, engine.createUser(), { providerId: STATEMENTS_ID });
});
afterAll(async () => engine?.stop());

const preview = async (id: number, json: unknown) => {
  const res = await engine.http(`/v2/connections/${id}/document_preview`, { method: 'POST', token, json });
  return { status: res.status, body: (await res.json()) as any };
};

describe('POST /connections/{id}/document_preview', () => {
  it('reads the sample with the mapping given: columns, rows as imported, rows left out', async () => {
    const settings = { csv_mapping: { date: 'Date', label: 'Libellé', debit: 'Débit', credit: 'Crédit', decimal_separator: ',' }, date_order: 'DMY' };
    const { status, body } = await preview(statements, { file_name: 'releve.csv', text: CSV, settings });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.format).toBe('CSV');
    expect(body.columns).toEqual(['Date', 'Libellé', 'Débit', 'Crédit', 'Solde']);
    expect(body.rows.map((r: any) => [r.date, r.amount, r.currency])).toEqual([
      [Date.UTC(2026, 10, 5) / 1000, '-12.30', 'EUR'],
      [Date.UTC(2026, 10, 6) / 1000, '2000.00', 'EUR'],
    ]);
    expect(body.total_rows).toBe(2);
    expect(body.rows_left_out).toHaveLength(1);
    expect(body.rows_left_out[0]).toMatch(/^line 5/);
    expect(body).not.toHaveProperty('problem');
    // Nothing stored: the connection's settings are as they were.
    const saved = await engine.http(`/v2/connections/${statements}/document_settings`, { token });
    expect(await saved.json()).toEqual({});
  });

  it('says why a mapping cannot read the file, with the columns to choose from', async () => {
    const { status, body } = await preview(statements, { file_name: 'releve.csv', text: CSV, settings: { csv_mapping: { date: 'Date', label: 'Nope', amount: 'Montant' } } });
    expect(status).toBe(200);
    expect(body.problem).toMatch(/column/i);
    expect(body.rows).toEqual([]);
    expect(body.columns).toContain('Libellé');
  });

  it('refuses bad input: another user\'s connection 404, a bank\'s 400, bad settings or unknown fields 400', async () => {
    expect((await preview(foreign, { file_name: 'a.csv', text: CSV })).status).toBe(404);
    const notDocuments = await preview(bank, { file_name: 'a.csv', text: CSV });
    expect(notDocuments.status).toBe(400);
    expect(notDocuments.body.error).toBe('invalid_request');
    for (const json of [{ file_name: 'a.csv', text: CSV, settings: { date_order: 'YMD' } }, { file_name: 'a.csv', text: CSV, extra: 1 }, { file_name: 'a.csv' }, { file_name: 'a.csv', text: 5 }]) {
      const res = await preview(statements, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(typeof res.body.error_description).toBe('string');
    }
  });
});
