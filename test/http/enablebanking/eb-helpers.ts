/** Helpers of the Enable Banking tests: keys, the emulator, an engine pointed at it, the consent journey. */
import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'vitest';
import { EnableBankingEmulator, type EmulatorOptions } from '../../emulators/enablebanking/server';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { api, getJson, type Caller } from '../sync/sync-helpers';

export const APP_ID = '0377783c-3414-4bb1-a7d4-0c3eb54cd4b0';
export const OTHER_APP_ID = '11111111-2222-4333-8444-555555555555';
export const REDIRECT = 'https://coffer.invalid/eb/callback';

export function rsaPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export interface EbWorld {
  emu: EnableBankingEmulator;
  engine: TestEngine;
  admin: string;
  key: { privatePem: string; publicPem: string };
  otherKey: { privatePem: string; publicPem: string };
  stop(): Promise<void>;
}

export async function startWorld(options: EmulatorOptions = {}): Promise<EbWorld> {
  const key = rsaPair();
  const otherKey = rsaPair();
  const emu = new EnableBankingEmulator(options);
  emu.registerApp({ application_id: APP_ID, public_key_pem: key.publicPem, redirect_urls: [REDIRECT], name: 'My Coffer' });
  emu.registerApp({ application_id: OTHER_APP_ID, public_key_pem: otherKey.publicPem, redirect_urls: [REDIRECT] });
  process.env.COFFER_ENABLEBANKING_URL = await emu.start();
  const engine = await startTestEngine();
  const admin = engine.clientToken(['admin']);
  return {
    emu,
    engine,
    admin,
    key,
    otherKey,
    async stop() {
      await engine.stop();
      await emu.close();
    },
  };
}

export async function configure(w: EbWorld, privatePem = w.key.privatePem, applicationId = APP_ID): Promise<Response> {
  return w.engine.http('/v2/admin/connectors/enablebanking', {
    method: 'PUT',
    token: w.admin,
    json: { application_id: applicationId, private_key: privatePem },
  });
}

export async function providerNamed(c: Caller, name: string): Promise<any> {
  const list = await getJson<any[]>(c, `/providers?q=${encodeURIComponent(name)}&pagination=false`);
  const p = list.find((x) => x.name === name);
  expect(p, `provider ${name}`).toBeDefined();
  return p;
}

/** authorize_url then the emulated bank page; returns the redirection URL the browser lands on. */
export async function consentAt(w: EbWorld, c: Caller, providerId: string, action = 'approve'): Promise<URL> {
  const res = await api(c, `/providers/${providerId}/channel_definitions/${providerId}01/authorize_url`, {
    method: 'POST',
    json: { redirect_uri: REDIRECT, state: `st-${Math.random()}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const page = await fetch(`${url}&action=${action}`, { redirect: 'manual' });
  expect(page.status).toBe(302);
  return new URL(page.headers.get('location')!);
}

export function credentialsOf(back: URL) {
  return [
    { id: 'AUTHORIZATION_CODE', value: back.searchParams.get('code') },
    { id: 'STATE', value: back.searchParams.get('state') },
  ];
}

/** A connection to the named bank through the whole consent journey; returns its id. */
export async function connect(w: EbWorld, c: Caller, bank: string): Promise<string> {
  const provider = await providerNamed(c, bank);
  const back = await consentAt(w, c, provider.id);
  const res = await api(c, '/connections', {
    method: 'POST',
    json: { provider_id: provider.id, channel_definition_id: `${provider.id}01`, credentials: credentialsOf(back) },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.headers.get('location')!.split('/').pop()!;
}
