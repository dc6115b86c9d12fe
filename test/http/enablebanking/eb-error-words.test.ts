/**
 * The Enable Banking settings form words the engine's refusals through the app's shared error sentences
 * (src/renderer/core/api/error-words.ts): each refusal a person can meet there is asked of a real engine
 * (against the loopback Enable Banking) so that a change of the engine's wording that the app would no longer
 * recognise fails here instead of showing "The request was refused: <engine text>" to a person.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorWords } from '../../../src/renderer/core/api/error-words';
import { en } from '../../../src/renderer/src/lib/i18n/en';
import { fr } from '../../../src/renderer/src/lib/i18n/fr';
import { APP_ID, configure, startWorld, type EbWorld } from './eb-helpers';

let w: EbWorld;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.stop();
});

async function wordsOf(res: Response): Promise<string> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: string; error_description: string };
  const { key } = errorWords({ status: res.status, code: body.error, description: body.error_description });
  // A sentence of its own in both languages, never the engine's text.
  for (const dictionary of [en, fr] as Array<Record<string, string>>) {
    expect(dictionary[key]).toBeTruthy();
    expect(dictionary[key]).not.toContain(body.error_description);
  }
  return key;
}

describe("the Enable Banking settings' refusals get the app's sentences", () => {
  it('a file that is not a PEM key, a damaged key and a key that is not RSA', async () => {
    expect(await wordsOf(await configure(w, 'not a key'))).toBe('apierr.ebKeyNotPem');
    const cut = `${w.key.privatePem.slice(0, 300)}\n-----END PRIVATE KEY-----`;
    expect(await wordsOf(await configure(w, cut))).toBe('apierr.ebKeyDamaged');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(await wordsOf(await configure(w, ec.toString()))).toBe('apierr.ebKeyNotRsa');
  });

  it('a key of another application, and an application id that is not one', async () => {
    expect(await wordsOf(await configure(w, w.otherKey.privatePem, APP_ID))).toBe('apierr.ebKeyRefused');
    expect(await wordsOf(await configure(w, w.key.privatePem, 'my app!'))).toBe('apierr.ebApplicationId');
    expect(await wordsOf(await configure(w, w.key.privatePem, 'a'.repeat(65)))).toBe('apierr.ebApplicationId');
  });
});
