/**
 * A user of a benchmark's own engine with an access token of the given scopes, and the headers of a request
 * the engine answers through `app.inject` (its Host check wants the address it listens on).
 */
import { hashToken, newTokenValue } from '../../src/main/engine/auth/token-hash';
import type { RunningEngine } from '../../src/main/engine/engine';

export function benchUser(engine: RunningEngine, scopes: readonly string[], now = Math.floor(Date.now() / 1000)) {
  const db = engine.ctx.db;
  const userId = Number(
    db
      .prepare("INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES ('bench@example.com', 'x', ?, 1000000)")
      .run(now).lastInsertRowid,
  );
  const token = newTokenValue('cat');
  db.prepare("INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, ?, ?, ?)").run(
    hashToken(token),
    userId,
    scopes.join(' '),
    now,
    now + 86_400,
  );
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', host: new URL(engine.urls.host_url).host };
  return { userId, token, headers };
}
