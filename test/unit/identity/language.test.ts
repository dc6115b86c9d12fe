import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../../../src/shared/language';

describe('pickLanguage', () => {
  it.each([
    ['en', undefined, 'en'],
    ['fr', 'en-US', 'fr'],
    [undefined, undefined, 'fr'],
    [undefined, 'en-GB,en;q=0.9', 'en'],
    [undefined, 'de-DE,de;q=0.9,en;q=0.5,fr;q=0.8', 'fr'],
    [undefined, 'de,it', 'fr'],
    [undefined, 'fr;q=0,en;q=0.1', 'en'],
    ['es', 'en', 'en'],
    [['en'], 'fr', 'fr'],
  ])('lng %j, Accept-Language %j → %s', (lng, accept, lang) => {
    expect(pickLanguage(lng, accept)).toBe(lang);
  });
});
