import { describe, expect, it } from 'vitest';
import { errorWords, type ErrorAnswer } from '../../../src/renderer/src/lib/api/error-words';
import { en } from '../../../src/renderer/src/lib/i18n/en';
import { fr } from '../../../src/renderer/src/lib/i18n/fr';
import { translate } from '../../../src/renderer/src/lib/i18n/translate';
import { ApiError } from '../../../src/renderer/core/api/errors';
import { errorText } from '../../../src/renderer/widget/lib/errors';
import { translator } from '../../../src/renderer/widget/lib/i18n';
import type { MessageKey } from '../../../src/renderer/src/lib/i18n';

const refused = (description: string): ErrorAnswer => ({ status: 400, code: 'invalid_request', description });
const say = (lang: 'en' | 'fr', err: ErrorAnswer) => {
  const { key, values } = errorWords(err);
  return translate(lang, key as MessageKey, values);
};

describe('the words of an error answer', () => {
  it.each<[string, ErrorAnswer, string]>([
    ['a setup token that is no token', refused('credential setup_token: the setup token does not decode to a claim URL'), 'apierr.setupToken'],
    ['a setup token that is not base64', refused('credential setup_token: the setup token is not base64 text'), 'apierr.setupToken'],
    ['a statement folder that does not exist', refused('the statement folder does not exist'), 'apierr.folderMissing'],
    ['a file given as the folder', refused('the statement folder is not a folder'), 'apierr.folderIsFile'],
    ['a folder it may not read', refused('the statement folder cannot be read (permission denied)'), 'apierr.folderUnreadable'],
    ['a relative folder path', refused('the statement folder must be an absolute path'), 'apierr.folderNotAbsolute'],
    ["Coffer's data folder", refused("the statement folder cannot be inside Coffer's data folder"), 'apierr.folderData'],
    ['a system folder', refused('the statement folder cannot be a system folder'), 'apierr.folderSystem'],
    ['a credential of the wrong form', refused('credential login does not match the expected format of channel 9000-1'), 'apierr.credentialFormat'],
    ['a missing credential', refused('credential password is required by channel 9000-1'), 'apierr.credentialMissing'],
    ['a closed connection', refused('connection 12 is closed; reopen it first'), 'apierr.connectionClosed'],
    ['a note too long', refused('user_note must be at most 1000 characters'), 'apierr.noteTooLong'],
    ['an e-mail in use', { status: 409, code: 'conflict', description: 'this e-mail address is already in use' }, 'apierr.emailInUse'],
    ['an unknown refusal', refused('body.name must NOT have more than 64 characters'), 'apierr.refused'],
    ['no engine', { status: 0, code: 'network_error', description: 'Failed to fetch' }, 'apierr.network'],
    ['a keychain that is locked', { status: 503, code: 'secret_store_unavailable', description: 'no keychain' }, 'apierr.keychain'],
    ['an unknown code', { status: 418, code: 'teapot', description: 'short and stout' }, 'apierr.unknown'],
    ['an unknown server failure', { status: 502, code: 'http_502', description: 'Bad Gateway' }, 'apierr.internal'],
  ])('%s', (_what, err, key) => {
    expect(errorWords(err).key).toBe(key);
  });

  it('takes only numbers from the engine text, never what the person typed', () => {
    expect(say('en', refused('user_note must be at most 1000 characters'))).toBe(
      'Your note is too long: shorten it to at most 1000 characters, then save again.',
    );
    expect(say('en', refused('another rule already has the pattern «<b>x</b>»'))).not.toContain('<b>');
    expect(say('fr', { status: 500, code: 'internal_error', description: 'unexpected error; correlation id req-7' })).toContain(
      'référence req-7',
    );
  });

  it('never repeats the engine text, and every sentence exists in English and French', () => {
    const answers = [
      refused('credential setup_token: the setup token does not decode to a claim URL'),
      refused('the statement folder does not exist'),
      refused('query parameter sort names date twice'),
      { status: 404, code: 'not_found', description: 'connection 9 not found' },
    ];
    for (const err of answers) {
      const { key } = errorWords(err);
      expect(en).toHaveProperty([key]);
      expect(fr).toHaveProperty([key]);
      for (const lang of ['en', 'fr'] as const) {
        const text = say(lang, err);
        expect(text).not.toContain(err.description);
        expect(text).not.toMatch(/setup_token|credential |statement folder|query parameter/);
      }
    }
  });

  it('the widget says the same for a refusal it knows, and its own sentence otherwise, never the engine text', () => {
    const token = new ApiError(400, 'invalid_request', 'credential setup_token: the setup token is not base64 text');
    expect(errorText(translator('fr'), token)).toBe(say('fr', refused(token.description)));
    const other = new ApiError(400, 'invalid_request', 'body.provider_id must be string');
    for (const lng of ['en', 'fr'] as const) {
      const text = errorText(translator(lng), other);
      expect(text).not.toContain('provider_id');
      expect(text).toMatch(/Try again|Réessayez/);
    }
    expect(errorText(translator('en'), new Error('TypeError: x is undefined'))).not.toContain('TypeError');
  });
});
