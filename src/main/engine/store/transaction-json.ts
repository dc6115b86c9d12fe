import { currencyExponent } from '../domain/money';

/**
 * The Transaction record (docs/api/records.md#transaction), written as JSON text by SQLite itself: a page of 500 rows
 * is one string built in C (no per-row JavaScript object), which Fastify sends as is. Optional fields with no value are
 * left out (see docs/api/ids-and-times.md#omitted-fields), never null. Field order follows that page; the extension
 * fields come last.
 */

/** Currency codes whose minor unit is not cents, by exponent (derived from domain/money.ts). */
function currenciesByExponent(): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const A = 65;
  for (let a = 0; a < 26; a++) {
    for (let b = 0; b < 26; b++) {
      for (let c = 0; c < 26; c++) {
        const code = String.fromCharCode(A + a, A + b, A + c);
        const e = currencyExponent(code);
        if (e !== 2) out.set(e, [...(out.get(e) ?? []), code]);
      }
    }
  }
  return out;
}

/**
 * The amount as a JSON number: minor units divided by 10^exponent of the row's currency. Integral values are
 * written as integers ("5", as JavaScript would); others go through IEEE division, which is correctly
 * rounded, and SQLite prints the shortest text that reads back as that double ("-12.34").
 */
function amountSql(t: string): string {
  return amountOfCurrencySql(`${t}.amount`, `${t}.currency`);
}

/** The same for any amount column in minor units of a currency column (a split's part: the transaction's currency). */
function amountOfCurrencySql(amount: string, currency: string): string {
  const scaled = (e: number) =>
    e === 0 ? amount : `CASE WHEN ${amount} % ${10 ** e} = 0 THEN ${amount} / ${10 ** e} ELSE ${amount} / ${10 ** e}.0 END`;
  const branches = [...currenciesByExponent()]
    .map(([e, codes]) => `WHEN ${currency} IN (${codes.map((c) => `'${c}'`).join(', ')}) THEN ${scaled(e)}`)
    .join(' ');
  return `CASE ${branches} ELSE ${scaled(2)} END`;
}

/** `,"splits":[…]` when the person split the row (parts in their order), else ''. */
function splitsSql(t: string): string {
  const part =
    `'{"amount":' || (${amountOfCurrencySql('s.amount', `${t}.currency`)}) || ',"category_id":' || json_quote(s.category_id)` +
    ` || CASE WHEN s.note IS NOT NULL THEN ',"note":' || json_quote(s.note) ELSE '' END || '}'`;
  return (
    `COALESCE((SELECT ',"splits":[' || group_concat(${part}, ',' ORDER BY s.position) || ']' ` +
    `FROM transaction_splits s WHERE s.transaction_id = ${t}.id HAVING count(*) > 0), '')`
  );
}

/**
 * `,"transfer":{…}` when the row is linked to the other side of a transfer between the person's accounts,
 * else ''. One lookup per side (each a unique index): a single `debit_id = t.id OR credit_id = t.id`
 * was twice as slow on a page of 500 rows.
 */
function transferSql(t: string): string {
  const side = (mine: string, other: string) =>
    `(SELECT ',"transfer":{"id":"' || l.id || '","transaction_id":"' || l.${other} || '","confirmed":' || ` +
    `CASE WHEN l.confirmed = 1 THEN 'true' ELSE 'false' END || '}' FROM transfer_links l WHERE l.${mine} = ${t}.id)`;
  return `COALESCE(${side('debit_id', 'credit_id')}, ${side('credit_id', 'debit_id')}, '')`;
}

const optional = (key: string, expr: string) => `CASE WHEN ${expr} IS NOT NULL THEN ',"${key}":' || ${expr} ELSE '' END`;
const optionalText = (key: string, expr: string) =>
  `CASE WHEN ${expr} IS NOT NULL THEN ',"${key}":' || json_quote(${expr}) ELSE '' END`;

/** SQL expression of one transaction's JSON text, for the table alias `t`. */
export function transactionJsonSql(t = 't'): string {
  return [
    `'{"id":"' || ${t}.id || '","account_id":"' || ${t}.account_id || '","amount":' || (${amountSql(t)})`,
    `',"currency":' || json_quote(${t}.currency)`,
    `',"date":' || ${t}.date`,
    `',"import_date":' || ${t}.import_date`,
    optional('booking_date', `${t}.booking_date`),
    optional('value_date', `${t}.value_date`),
    `',"last_update_date":' || ${t}.last_update_date`,
    `',"label":' || json_quote(${t}.label)`,
    optionalText('notes', `${t}.notes`),
    // Nested CASEs: json_type() must never see text that is not JSON.
    `CASE WHEN json_valid(${t}.remittance_information) THEN CASE WHEN json_type(${t}.remittance_information) = 'array' ` +
      `THEN ',"remittance_information":' || json(${t}.remittance_information) ELSE '' END ELSE '' END`,
    `CASE WHEN ${t}.source_label IS NOT NULL THEN ',"source":{"label":' || json_quote(${t}.source_label) || '}' ELSE '' END`,
    `',"type":' || json_quote(${t}.type)`,
    `',"origin":' || json_quote(${t}.origin)`,
    `',"category_id":' || json_quote(${t}.category_id)`,
    `',"status":' || json_quote(${t}.status)`,
    // Extensions (docs/local-api.md), present only when the person or their rules set them: a record nobody
    // edited is exactly the record of docs/api/records.md#transaction.
    optionalText('user_note', `${t}.user_note`),
    `CASE WHEN ${t}.tags IS NOT NULL AND json_valid(${t}.tags) THEN ',"tags":' || json(${t}.tags) ELSE '' END`,
    optionalText('category_source', `${t}.category_source`),
    `CASE WHEN ${t}.category_rule_id IS NOT NULL THEN ',"category_rule_id":"' || ${t}.category_rule_id || '"' ELSE '' END`,
    // The person entered it by hand (the bank does not know it).
    `CASE WHEN ${t}.manual = 1 THEN ',"manual":true' ELSE '' END`,
    splitsSql(t),
    transferSql(t),
    // The payee's current name (a rename shows on every row at once); read by primary key only when set.
    `CASE WHEN ${t}.payee_id IS NOT NULL THEN coalesce(',"payee":' || (SELECT json_object('id', CAST(py.id AS TEXT), 'name', py.name) ` +
      `FROM payees AS py WHERE py.id = ${t}.payee_id), '') ELSE '' END`,
    `'}'`,
  ].join(' || ');
}
