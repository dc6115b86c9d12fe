/**
 * The `sign_response` query parameter (docs/api/signed-responses.md): read it and take it out of the URL,
 * so that routes see (and validate) their own parameters only, and `request_url` is the URL without it.
 */

export interface SignParam {
  /** true: sign; false: given but off; undefined: not given. `invalid` holds a value that is neither. */
  sign: boolean | undefined;
  invalid?: string;
  /** The path and query string without any `sign_response` parameter (other parameters untouched). */
  url: string;
}

const NAME = 'sign_response';

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

export function parseSignParam(rawUrl: string): SignParam {
  const q = rawUrl.indexOf('?');
  if (q < 0) return { sign: undefined, url: rawUrl };
  const path = rawUrl.slice(0, q);
  const kept: string[] = [];
  let sign: boolean | undefined;
  let invalid: string | undefined;
  for (const part of rawUrl.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    const name = decodeName(eq < 0 ? part : part.slice(0, eq));
    if (name !== NAME) {
      kept.push(part);
      continue;
    }
    const value = eq < 0 ? '' : decodeName(part.slice(eq + 1)).toLowerCase();
    if (value === 'true' || value === '1') {
      sign = true;
      invalid = undefined;
    } else if (value === 'false' || value === '0') {
      sign = false;
      invalid = undefined;
    } else {
      invalid = value;
    }
  }
  if (sign === undefined && invalid === undefined) return { sign: undefined, url: rawUrl };
  const rest = kept.filter((p) => p !== '');
  return {
    sign: invalid === undefined ? sign : undefined,
    ...(invalid !== undefined ? { invalid } : {}),
    url: rest.length ? `${path}?${rest.join('&')}` : path,
  };
}
