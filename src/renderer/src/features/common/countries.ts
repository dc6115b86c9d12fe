/**
 * Country names for the provider catalogue, whose `country_code` is ISO 3166 alpha-3
 * (docs/api/providers-and-test-bank.md#ids). The browser names regions by alpha-2 code (Intl.DisplayNames), so the
 * countries banks come from (Europe, where PSD2 and Enable Banking reach, and a few others) are mapped here; an unknown
 * code is shown as it is.
 */
const ALPHA3_TO_ALPHA2: Record<string, string> = {
  AUT: 'AT',
  BEL: 'BE',
  BGR: 'BG',
  HRV: 'HR',
  CYP: 'CY',
  CZE: 'CZ',
  DNK: 'DK',
  EST: 'EE',
  FIN: 'FI',
  FRA: 'FR',
  DEU: 'DE',
  GRC: 'GR',
  HUN: 'HU',
  ISL: 'IS',
  IRL: 'IE',
  ITA: 'IT',
  LVA: 'LV',
  LIE: 'LI',
  LTU: 'LT',
  LUX: 'LU',
  MLT: 'MT',
  NLD: 'NL',
  NOR: 'NO',
  POL: 'PL',
  PRT: 'PT',
  ROU: 'RO',
  SVK: 'SK',
  SVN: 'SI',
  ESP: 'ES',
  SWE: 'SE',
  CHE: 'CH',
  GBR: 'GB',
  USA: 'US',
  CAN: 'CA',
  MCO: 'MC',
  AND: 'AD',
};

/** The country's name in `lang` ("France", "Allemagne"), or the code itself when unknown. */
export function countryName(code: string, lang: string): string {
  const alpha2 = code.length === 2 ? code.toUpperCase() : ALPHA3_TO_ALPHA2[code.toUpperCase()];
  if (!alpha2) return code;
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(alpha2) ?? code;
  } catch {
    return code;
  }
}
