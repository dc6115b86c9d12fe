/** Helpers of the statement-files tests: folders of sample files, connections to them, uploads, reports. */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from '../../helpers/engine';
import { api, getJson, waitSettled, type Caller } from '../sync/sync-helpers';

export const SAMPLES = join(ROOT, 'resources', 'samples', 'statements');
export const BAD = join(SAMPLES, 'bad');
export const DAY = 86_400;

/** UTC seconds of 00:00 on a calendar day. */
export const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;

// Connections keep their credentials in the OS keychain: these tests run where one is (npm test).
export const hasKeychain = process.env.COFFER_TEST_KEYCHAIN === '1';

/** A fresh folder holding copies of the named files (paths relative to the samples folder, or absolute). */
export function folderWith(...files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-statements-'));
  for (const f of files) addFile(dir, f);
  return dir;
}

export function addFile(dir: string, file: string, as?: string): string {
  const source = file.startsWith('/') ? file : join(SAMPLES, file);
  const target = join(dir, as ?? file.split('/').pop()!);
  mkdirSync(join(target, '..'), { recursive: true });
  copyFileSync(source, target);
  return target;
}

export function writeText(dir: string, name: string, text: string | Buffer): string {
  const target = join(dir, name);
  mkdirSync(join(target, '..'), { recursive: true });
  writeFileSync(target, text);
  return target;
}

/** POST /connections on "Statement files" with this folder; waits for the first synchronization to end. */
export async function connectFolder(c: Caller, folder: string): Promise<{ id: string; connection: any }> {
  const res = await api(c, '/connections', {
    method: 'POST',
    json: { provider_id: '9500', credentials: [{ id: 'folder', value: folder }] },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = res.headers.get('location')!.split('/').pop()!;
  return { id, connection: await waitSettled(c, id) };
}

/** POST /connections/{id}/synchronize and waits for the end. */
export async function resync(c: Caller, id: string): Promise<any> {
  const res = await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
  expect(res.status).toBe(204);
  return waitSettled(c, id);
}

export async function documents(c: Caller, id: string): Promise<any[]> {
  return getJson(c, `/connections/${id}/documents?limit=500`);
}

export function channelOf(connection: any): any {
  return connection.channels.find((ch: any) => ch.channel_definition_id === '950000');
}

/** What a test compares of a transaction. */
export function brief(t: any) {
  return {
    date: t.date,
    amount: t.amount,
    label: t.label,
    notes: t.notes,
    type: t.type,
    status: t.status,
    ...(t.value_date !== undefined ? { value_date: t.value_date } : {}),
    ...(t.source ? { source: t.source.label } : {}),
  };
}

/** By date, then amount: the store's order is by import date and id, which the tests do not rely on. */
export const byDateAmount = (a: { date: number; amount: number }, b: { date: number; amount: number }) =>
  a.date - b.date || a.amount - b.amount;
