import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../src/main/engine/connectors/statements/formats/index';
import { day, utf8 } from './helpers';

/** CSV exports as banks write them (each case seen in a real bank's file of the statements corpus). */

function csv(lines: string[], fileName = 'bank.csv') {
  return parseStatement(utf8(lines.join('\r\n') + '\r\n'), { fileName });
}

describe('CSV as real banks write it', () => {
  it('leaves out a row it cannot read, names its line and reason, and imports the others', () => {
    const parsed = csv([
      'Date;Libellé;Montant',
      '22/01/2024;A;-1,00',
      '23/01/2024;B;douze',
      '3x/01/2024;C;-2,00',
      '24/01/2024;D;-3,00',
    ]);
    expect(parsed.accounts[0].transactions.map((t) => t.amount)).toEqual(['-1.00', '-3.00']);
    expect(parsed.rowsLeftOut).toEqual(['line 3: malformed amount', 'line 4: malformed date']);
  });

  it('skips the header where the bank repeats it (one export per page)', () => {
    const header = 'Date;Libellé;Montant';
    const parsed = csv([header, '22/01/2024;A;-1,00', header, '23/01/2024;B;-2,00']);
    expect(parsed.accounts[0].transactions).toHaveLength(2);
    expect(parsed.rowsLeftOut).toEqual([]);
    expect(parsed.warnings).toContain('line 3: header repeated in the file skipped');
  });

  it('reads German and Austrian headers: Soll/Haben, Buchung, Wertstellung, Auftraggeber/Empfänger, Währung', () => {
    const ingDiba = csv([
      'Kontonummer;Text;Datum;Währung;Soll;Haben',
      '12345678001;Habenzinsen;31.12.2013;EUR;0,00;12,23',
      '12345678001;Kapitalertragsteuer;31.12.2013;EUR;34,56;0,00',
    ]);
    expect(ingDiba.accounts[0].transactions.map((t) => [t.label, t.amount])).toEqual([
      ['Habenzinsen', '12.23'],
      ['Kapitalertragsteuer', '-34.56'],
    ]);
    const ing = csv([
      'IBAN;DE12 3456 7890 1234 5678 90',
      'Saldo;150,00;EUR',
      '',
      'Buchung;Wertstellungsdatum;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung',
      '28.12.2018;27.12.2018;Karl Karlsen;Gutschrift;Monatliche Ueberweisung;155,50;EUR;50,00;EUR',
    ]);
    expect(ing.accounts[0].currency).toBe('EUR');
    expect(ing.accounts[0].transactions[0]).toMatchObject({
      date: day('2018-12-28'),
      valueDate: day('2018-12-27'),
      amount: '50.00',
      rawText: 'Karl Karlsen Monatliche Ueberweisung',
    });
  });

  it('takes rows the bank marks as not booked yet (State PENDING, Umsatz vorgemerkt) as PENDING', () => {
    const revolut = csv([
      'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance',
      'CARD_PAYMENT,Current,2022-01-09 16:35:04,2022-01-10 14:51:42,Rimi,-21.58,0.00,EUR,COMPLETED,425.68',
      'CARD_PAYMENT,Current,2022-01-13 11:21:43,,store,-44.57,0.00,EUR,PENDING,',
    ]);
    expect(revolut.accounts[0].transactions.map((t) => [t.date, t.status])).toEqual([
      [day('2022-01-09'), 'BOOKED'],
      [day('2022-01-13'), 'PENDING'],
    ]);
    const sparkasse = csv([
      '"Buchungstag";"Valutadatum";"Verwendungszweck";"Betrag";"Waehrung";"Info"',
      '"28.03.18";"03.04.18";"MIETE04/18";"-1234,56";"EUR";"Umsatz vorgemerkt"',
      '"28.03.18";"28.03.18";"Geschenk";"123,00";"EUR";"Umsatz gebucht"',
      '"29.03.18";"29.03.18";"Loyer";"-700,00";"EUR";"À venir"',
    ]);
    expect(sparkasse.accounts[0].transactions.map((t) => t.status)).toEqual(['PENDING', 'BOOKED', 'PENDING']);
  });

  it('reads dates followed by the time of day, hours of one digit included', () => {
    const parsed = csv(['Date;Libellé;Montant', '31.01.2024 10:15;A;-1,00', '28.06.2013 00:00:30:989;B;-2,00']);
    expect(parsed.accounts[0].transactions.map((t) => t.date)).toEqual([day('2024-01-31'), day('2013-06-28')]);
    const iso = csv(['Date,Description,Amount', '2021-09-06 6:11:59,food,-4.85']);
    expect(iso.accounts[0].transactions[0].date).toBe(day('2021-09-06'));
  });

  it('finds the delimiter when rows have more cells than the header and amounts a decimal comma', () => {
    const parsed = csv([
      'Kontonummer;Buchungsdatum;Waehrung;Betrag;Buchungstext;Umsatztext',
      '12345678;2013-07-03;EUR;150,00;"Datenträger-Umsatz";A name;"A text";"REF: X"',
      '12345678;2013-06-10;EUR;-100,00;"Internetauftrag";"A text";"A reference";"A text"',
      '12345678;2013-06-05;EUR;5.000,00;"Datenträger-Umsatz";"A name";"A text";"REF: Y";"more";"more"',
    ]);
    expect(parsed.accounts[0].transactions.map((t) => t.amount)).toEqual(['150.00', '-100.00', '5000.00']);
  });

  it('does not take an account or card number column for the amount of a file without header', () => {
    const parsed = csv([
      '12345678901;Some vendor/info|12345678909876543212345;02.07.2013;30.06.2013;-5,99;EUR',
      '12345678901;Another vendor|23456789098765432123456;21.06.2013;19.06.2013;+30,99;EUR',
    ]);
    expect(parsed.accounts[0].transactions.map((t) => t.amount)).toEqual(['-5.99', '30.99']);
  });

  it('reads quoted cells over several lines and names the line each row starts on', () => {
    const parsed = csv(['Date,Description,Amount', '22/01/2024,"first line', 'second line",-1.00', '23/01/2024,x,bad']);
    expect(parsed.accounts[0].transactions[0].rawText).toBe('first line second line');
    expect(parsed.rowsLeftOut).toEqual(['line 4: malformed amount']);
  });
});
