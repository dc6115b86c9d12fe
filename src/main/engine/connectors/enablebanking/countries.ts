/**
 * Enable Banking names countries with ISO 3166 alpha-2 codes; Coffer's catalogue uses alpha-3 (see
 * docs/api/providers-and-test-bank.md#ids). The table covers the countries Enable Banking serves (EEA, the United
 * Kingdom and Switzerland).
 */
const ALPHA3: Readonly<Record<string, string>> = {
  AT: 'AUT', BE: 'BEL', BG: 'BGR', CH: 'CHE', CY: 'CYP', CZ: 'CZE', DE: 'DEU', DK: 'DNK', EE: 'EST', ES: 'ESP',
  FI: 'FIN', FR: 'FRA', GB: 'GBR', GR: 'GRC', HR: 'HRV', HU: 'HUN', IE: 'IRL', IS: 'ISL', IT: 'ITA', LI: 'LIE',
  LT: 'LTU', LU: 'LUX', LV: 'LVA', MT: 'MLT', NL: 'NLD', NO: 'NOR', PL: 'POL', PT: 'PRT', RO: 'ROU', SE: 'SWE',
  SI: 'SVN', SK: 'SVK',
};

/** alpha-2 → alpha-3; undefined for a country outside the table. */
export function alpha3(alpha2: string): string | undefined {
  return ALPHA3[alpha2.toUpperCase()];
}

/** alpha-3 → alpha-2; undefined for a country outside the table. */
export function alpha2(code3: string): string | undefined {
  const upper = code3.toUpperCase();
  return Object.keys(ALPHA3).find((k) => ALPHA3[k] === upper);
}
