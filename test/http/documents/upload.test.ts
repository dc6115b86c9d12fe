/**
 * POST /connections/{id}/documents (raw file body, 202, then the usual synchronization events),
 * GET/PUT /connections/{id}/document_settings, and their place in the OpenAPI document.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertConnection } from '../../helpers/fixtures';
import {
  accountsOf,
  api,
  getJson,
  newCaller,
  subscribe,
  transactionsOf,
  until,
  waitSettled,
  type Caller,
} from '../sync/sync-helpers';
import { inboxDir, saveUpload, UploadIds } from '../../../src/main/engine/statement-files/inbox';
import { Readable } from 'node:stream';
import { BAD, channelOf, connectFolder, documents, folderWith, hasKeychain, SAMPLES } from './documents-helpers';

const uploadIds = new UploadIds();

async function upload(
  c: Caller,
  id: string,
  body: Buffer | string,
  type: string | undefined,
  query = '',
): Promise<Response> {
  return c.engine.http(`/v2/connections/${id}/documents${query}`, {
    method: 'POST',
    token: c.token,
    headers: type ? { 'content-type': type } : {},
    body,
  });
}

const sample = (name: string) => readFileSync(join(SAMPLES, name));

/** Waits until the upload named `name` has a final status in the files report. */
async function outcomeOf(c: Caller, id: string, name: string): Promise<any> {
  return until(`the outcome of ${name}`, async () => {
    const entry = (await documents(c, id)).find((d) => d.name === name);
    return entry && entry.status !== 'PENDING' ? entry : undefined;
  });
}

function inboxFiles(engine: TestEngine, id: string): string[] {
  const root = join(engine.dataDir, 'documents');
  const dir = readdirSync(root).find((d) => d.startsWith(`${id}-`));
  return dir ? readdirSync(join(root, dir, 'inbox')) : [];
}

describe.skipIf(!hasKeychain)('uploading statement files', () => {
  let engine: TestEngine;
  let c: Caller;
  let id: string;
  beforeAll(async () => {
    engine = await startTestEngine();
    c = newCaller(engine);
    ({ id } = await connectFolder(c, folderWith()));
  });
  afterAll(async () => engine?.stop());

  it('202 at once, then the usual events (RUNNING, SUCCESS) in a queue; the file is reported IMPORTED and leaves the inbox', async () => {
    const read = await subscribe(c);
    const res = await upload(c, id, sample('ofx1-bank-fr-cp1252.ofx'), 'application/x-ofx');
    expect(res.status, await res.clone().text()).toBe(202);
    expect(res.headers.get('location')).toBe(`/connections/${id}/documents`);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({
      file_name: 'statement.ofx',
      size: 1757,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      status: 'PENDING',
    });
    expect(body.name).toBe(`.upload/${body.id}/statement.ofx`);

    const events = await until('the end event', async () => {
      const all = await read();
      return all.some((e) => e.event_type === 'SUCCESS') ? all : undefined;
    });
    expect(events.map((e) => e.event_type)).toEqual(['RUNNING', 'SUCCESS']);
    expect(events[1]).toMatchObject({
      resource_type: 'CONNECTION',
      channel_definition_id: '950000',
      resource: { id, status: 'SUCCESS' },
    });

    expect(await outcomeOf(c, id, body.name)).toMatchObject({
      source: 'UPLOAD',
      file_name: 'statement.ofx',
      status: 'IMPORTED',
      format: 'OFX1',
      transactions: 6,
      upload_id: body.id,
      sha256: body.sha256,
    });
    const accounts = await accountsOf(c, id);
    expect(accounts.map((a) => a.reference)).toEqual(['00012345678']);
    expect(await transactionsOf(c, accounts[0].id)).toHaveLength(6);
    expect(inboxFiles(engine, id)).toEqual([]);

    // The same file again: accepted, read, nothing added.
    const again = await upload(c, id, sample('ofx1-bank-fr-cp1252.ofx'), 'application/x-ofx', '?filename=january.ofx');
    expect(again.status).toBe(202);
    expect(await outcomeOf(c, id, ((await again.json()) as any).name)).toMatchObject({
      status: 'IMPORTED',
      file_name: 'january.ofx',
    });
    expect(await transactionsOf(c, accounts[0].id)).toHaveLength(6);
  });

  it('every content type of the route (the generic ones with a filename naming the format)', async () => {
    const cases: Array<[string, string, string]> = [
      ['qfx-creditcard-us.qfx', 'application/vnd.intu.qfx', ''],
      ['csv-us-debit-credit.csv', 'text/csv; charset=utf-8', ''],
      ['qif-ccard-us.qif', 'application/qif', ''],
      ['qif-bank-fr-dmy.qif', 'application/x-qif', '?account=Joint%20account'],
      ['camt053-fr-2-accounts.xml', 'application/xml', ''],
      ['camt052-de.xml', 'text/xml', ''],
      ['mt940-de-2-statements.sta', 'text/plain', '?filename=kontoauszug.sta'],
      ['ofx2-bank-us.ofx', 'application/octet-stream', '?filename=savings.ofx'],
    ];
    const { id: target } = await connectFolder(c, folderWith());
    const names: string[] = [];
    for (const [file, type, query] of cases) {
      const res = await upload(c, target, sample(file), type, query);
      expect(res.status, `${file}: ${await res.clone().text()}`).toBe(202);
      names.push(((await res.json()) as any).name);
    }
    for (const name of names) expect(await outcomeOf(c, target, name), name).toMatchObject({ status: 'IMPORTED' });
    const refs = (await accountsOf(c, target)).map((a) => a.reference).sort();
    expect(refs).toEqual([
      '0012345678901',
      '37040044/0532013000',
      '4111111111111111',
      '4417239081',
      'DE89370400440532013000',
      'FR7630006000011234567890189',
      'Joint account|CHECKINGS|EUR',
      'default|CHECKINGS|EUR',
      'default|CREDIT_CARD|EUR',
    ]);
    const joint = (await accountsOf(c, target)).find((a) => a.reference.startsWith('Joint account'));
    expect(joint.name).toBe('Joint account (checking account)');
  });

  it('a bad upload: 202, then FAILED with the file and line named; it leaves the inbox (send a fixed file again); the accounts already imported stay sound', async () => {
    const res = await upload(c, id, readFileSync(join(BAD, 'truncated.ofx')), 'application/x-ofx', '?filename=export-mars.ofx');
    expect(res.status).toBe(202);
    const { name } = (await res.json()) as any;
    expect(await outcomeOf(c, id, name)).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/^export-mars\.ofx, line 52: truncated file/),
    });
    const connection = await waitSettled(c, id);
    // The source still holds its accounts: the run is partial, not failed, and no account is marked as failed.
    expect(channelOf(connection).status).toBe('PARTIAL_SUCCESS');
    expect((await accountsOf(c, id)).map((a) => a.status)).toEqual(['ACTIVE']);
    expect(inboxFiles(engine, id)).toEqual([]);
    // The next synchronization does not try it again: the connection is fine again, and the file's warning
    // is gone with it (the file itself left the inbox).
    const next = await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    expect(next.status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    expect((await documents(c, id)).find((d) => d.name === name)).toBeUndefined();
  });

  it('a bad upload in the same run as good ones: the good ones import in that run (PARTIAL_SUCCESS), the bad one is named', async () => {
    const { id: target } = await connectFolder(c, folderWith());
    const connection = engine.ctx.db
      .prepare('SELECT id, creation_date FROM connections WHERE id = ?')
      .get(Number(target)) as { id: number; creation_date: number };
    const dir = inboxDir(engine.dataDir, connection);
    // Two uploads already waiting when the run starts (as when they arrive during another run).
    const good = await saveUpload(dir, Readable.from([sample('qfx-creditcard-us.qfx')]), { id: uploadIds.next(),
      fileName: 'card.qfx',
      maxBytes: 1e8,
      now: 1,
    });
    const bad = await saveUpload(dir, Readable.from([readFileSync(join(BAD, 'truncated.ofx'))]), { id: uploadIds.next(),
      fileName: 'cut.ofx',
      maxBytes: 1e8,
      now: 1,
    });
    const read = await subscribe(c);
    expect((await api(c, `/connections/${target}/synchronize`, { method: 'POST' })).status).toBe(204);
    const events = await until('the end of the run', async () => {
      const all = (await read()).map((e) => e.event_type);
      return all.includes('PARTIAL_SUCCESS') ? all : undefined;
    });
    expect(events).toEqual(['RUNNING', 'PARTIAL_SUCCESS']);
    const report = await documents(c, target);
    expect(report.find((d) => d.upload_id === bad.id)).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/^cut\.ofx, line 52: truncated file/),
    });
    expect(report.find((d) => d.upload_id === good.id)).toMatchObject({ status: 'IMPORTED', file_name: 'card.qfx' });
    const accounts = await accountsOf(c, target);
    expect(accounts.map((a) => [a.reference, a.status])).toEqual([['4111111111111111', 'ACTIVE']]);
  });

  it('refuses what is not a statement upload: 400 for content types, names and empty bodies; 413 above 100 MB', async () => {
    const json = await c.engine.http(`/v2/connections/${id}/documents`, {
      method: 'POST',
      token: c.token,
      json: { file: 'x' },
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as any).error_description).toMatch(/unsupported Content-Type "application\/json"/);
    expect((await upload(c, id, 'x', 'application/pdf')).status).toBe(400);
    // text/plain without filename: accepted, the content tells the format (issue 14; test/http/hardening).
    expect((await upload(c, id, 'x', 'text/plain', '?filename=notes.pdf')).status).toBe(400);
    expect((await upload(c, id, '', 'application/x-ofx')).status).toBe(400);

    const declared = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${engine.urls.base_url}/connections/${id}/documents`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${c.token}`,
          'content-type': 'application/x-ofx',
          'content-length': String(200 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('OFXHEADER:100\n');
    });
    expect(declared).toBe(413);

    const streamed = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${engine.urls.base_url}/connections/${id}/documents?filename=big.csv`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.token}`, 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', (err) =>
        (err as NodeJS.ErrnoException).code === 'ECONNRESET' || (err as NodeJS.ErrnoException).code === 'EPIPE'
          ? undefined
          : reject(err),
      );
      const chunk = Buffer.alloc(1024 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < 101) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(streamed).toBe(413);
    expect(inboxFiles(engine, id)).toEqual([]);
    expect((await engine.http('/health')).status).toBe(200);
  });

  it("404 for another user's connection, 400 for a bank connection, 403 without connections_manage", async () => {
    const other = newCaller(engine);
    expect((await upload(other, id, sample('qif-ccard-us.qif'), 'application/qif')).status).toBe(404);
    expect((await api(other, `/connections/${id}/documents`)).status).toBe(404);
    const bank = insertConnection(engine.ctx.db, c.userId);
    const res = await upload(c, String(bank), sample('qif-ccard-us.qif'), 'application/qif');
    expect(res.status).toBe(400);
    expect((await api(c, `/connections/${bank}/documents`)).status).toBe(400);
    const reader = { ...c, token: engine.userToken(c.userId, ['accounts_read']) };
    expect((await upload(reader, id, sample('qif-ccard-us.qif'), 'application/qif')).status).toBe(403);
    const list = await api(reader, `/connections/${id}/documents?limit=2&page=1`);
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(await list.json()).toHaveLength(2);
    expect((await api(reader, `/connections/${id}/documents?limit=501`)).status).toBe(400);
  });
});

describe.skipIf(!hasKeychain)('statement import settings', () => {
  let engine: TestEngine;
  let c: Caller;
  beforeAll(async () => {
    engine = await startTestEngine();
    c = newCaller(engine);
  });
  afterAll(async () => engine?.stop());

  it('GET/PUT document_settings: kept exactly, checked strictly; the CSV mapping makes an unguessable CSV import', async () => {
    const folder = folderWith();
    const csv = 'When;What;How much;Other amount\n15/01/2024;CAFE;-4,50;12,00\n16/01/2024;PAIN;-1,20;13,00\n';
    writeFileSync(join(folder, 'odd.csv'), csv);
    const { id, connection } = await connectFolder(c, folder);
    expect(connection.status).toBe('FAILED');
    expect((await documents(c, id))[0].error).toBe(
      'odd.csv, line 1: cannot guess the CSV columns (no date/amount/label header found); pass a csvMapping',
    );
    expect(await getJson(c, `/connections/${id}/document_settings`)).toEqual({});

    for (const bad of [
      { csv_mapping: { date: 'When', label: 'What' } },
      { csv_mapping: { date: 'When', label: 'What', amount: -1 } },
      { csv_mapping: { date: 'When', label: 'What', amount: true } },
      { date_order: 'YMD' },
      { default_currency: 'eur' },
      [],
    ]) {
      const res = await api(c, `/connections/${id}/document_settings`, { method: 'PUT', json: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const settings = {
      csv_mapping: {
        date: 'When',
        label: 'What',
        amount: 'How much',
        decimal_separator: ',',
        delimiter: ';',
        has_header: true,
      },
      date_order: 'DMY',
      default_currency: 'EUR',
      ignored: 'unknown members are not kept',
    };
    expect((await api(c, `/connections/${id}/document_settings`, { method: 'PUT', json: settings })).status).toBe(204);
    const { ignored: _ignored, ...kept } = settings;
    expect(await getJson(c, `/connections/${id}/document_settings`)).toEqual(kept);

    expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST' })).status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const accounts = await accountsOf(c, id);
    const txs = await transactionsOf(c, accounts[0].id);
    expect(txs.map((t) => [t.date, t.amount, t.label]).sort()).toEqual([
      [1705276800, -4.5, 'Cafe'],
      [1705363200, -1.2, 'Pain'],
    ]);

    // 3 is a column index, "3" a header named 3: both kept as given.
    const byIndex = { csv_mapping: { date: 0, label: '3', amount: 2 } };
    expect((await api(c, `/connections/${id}/document_settings`, { method: 'PUT', json: byIndex })).status).toBe(204);
    expect(await getJson(c, `/connections/${id}/document_settings`)).toEqual(byIndex);
  });

  it('GET document_folder: the folder in full to its owner (the connection record masks it); 404, 400, 403 otherwise', async () => {
    const folder = folderWith('qif-ccard-us.qif');
    const { id: source, connection } = await connectFolder(c, folder);
    expect(channelOf(connection).credentials[0].masked_value).not.toBe(folder);
    const res = await api(c, `/connections/${source}/document_folder`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ folder });

    expect((await api(newCaller(engine), `/connections/${source}/document_folder`)).status).toBe(404);
    const bank = insertConnection(engine.ctx.db, c.userId);
    expect((await api(c, `/connections/${bank}/document_folder`)).status).toBe(400);
    const reader = { ...c, token: engine.userToken(c.userId, ['accounts_read']) };
    expect((await api(reader, `/connections/${source}/document_folder`)).status).toBe(403);
  });

  it('the OpenAPI document marks the extensions and lists the upload content types', async () => {
    const doc = (await (await engine.http('/v2/openapi.json')).json()) as any;
    const documentsPath = doc.paths['/v2/connections/{id}/documents'];
    expect(documentsPath.post['x-coffer-extension']).toBe(true);
    expect(documentsPath.get['x-coffer-extension']).toBe(true);
    expect(Object.keys(documentsPath.post.requestBody.content)).toEqual(
      expect.arrayContaining([
        'application/x-ofx',
        'application/vnd.intu.qfx',
        'text/csv',
        'application/qif',
        'application/xml',
        'text/plain',
        'application/octet-stream',
      ]),
    );
    expect(documentsPath.post.responses['202']).toBeDefined();
    expect(doc.paths['/v2/connections/{id}/document_settings'].put['x-coffer-extension']).toBe(true);
  });
});
