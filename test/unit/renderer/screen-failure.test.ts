import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from '../../../src/renderer/src/features/layout/ErrorBoundary';

/** What a screen that failed to render shows, drawn as the boundary draws it after catching `error`. */
function failedScreen(language: 'en' | 'fr', error: Error): string {
  const boundary = new ErrorBoundary({ language, resetKey: '/', children: null });
  boundary.state = { error, key: '/' };
  return renderToStaticMarkup(boundary.render() as React.ReactElement);
}

describe('a screen that fails to render', () => {
  const error = new TypeError("Cannot read properties of undefined (reading 'balance')");
  error.stack = `${error.name}: ${error.message}\n    at AccountRow (app.js:1:2)`;

  it.each([
    ['en', 'Reload', 'report'],
    ['fr', 'Recharger', 'signal'],
  ] as const)('says what to do in the person’s words, the error folded in the details (%s)', (lang, reload, report) => {
    const html = failedScreen(lang, error);
    const [headline, rest] = html.split('<details');
    expect(headline).not.toContain('Cannot read properties');
    expect(headline).toContain(reload);
    expect(headline).toContain(report);
    expect(rest).toBeDefined();
    expect(rest).toContain('Cannot read properties of undefined');
    expect(rest).toContain('at AccountRow');
    expect(rest).not.toMatch(/^[^>]*\bopen\b/);
  });
});
