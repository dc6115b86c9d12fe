import { describe, expect, it } from 'vitest';
import { drillDownAddress, REPORT_VIEWS, reportCsv } from '../../../src/renderer/src/features/reports/report-views';

const view = (kind: string) => REPORT_VIEWS.find((v) => v.kind === kind)!;
const period = { from: '2026-01-15', to: '2026-03-10' };

describe('the history a report row opens', () => {
  it('a month: its days within the period (to excluded), booked rows only', () => {
    expect(drillDownAddress({ kind: 'income_expense', ...period }, { month: '2026-01' })).toBe(
      '/history?from=2026-01-15&to=2026-02-01&statuses=BOOKED',
    );
    expect(drillDownAddress({ kind: 'cash_flow', ...period }, { month: '2026-03' })).toBe(
      '/history?from=2026-03-01&to=2026-03-11&statuses=BOOKED',
    );
  });

  it('a category, a payee or a tag: the whole period filtered on it', () => {
    expect(drillDownAddress({ kind: 'spending_by_category', ...period }, { category_id: 'RENT' })).toBe(
      '/history?from=2026-01-15&to=2026-03-11&categories=RENT&statuses=BOOKED',
    );
    expect(drillDownAddress({ kind: 'top_payees', ...period }, { payee_id: '7' })).toBe(
      '/history?from=2026-01-15&to=2026-03-11&payees=7&statuses=BOOKED',
    );
    expect(drillDownAddress({ kind: 'spending_by_tag', ...period }, { tag: 'trip & co' })).toBe(
      '/history?from=2026-01-15&to=2026-03-11&q=trip+%26+co&statuses=BOOKED',
    );
  });

  it('a month end of the net worth: everything booked up to that day', () => {
    expect(drillDownAddress({ kind: 'net_worth', ...period }, { month: '2026-01', date: '2026-01-31' })).toBe(
      '/history?to=2026-02-01&statuses=BOOKED',
    );
  });
});

describe('a report as CSV', () => {
  it('one line per row with its key, quoted where needed; a text a spreadsheet would run as a formula is defused', () => {
    const csv = reportCsv(
      view('spending_by_category'),
      [
        { category_id: 'RENT', amount: 1200.5, previous_amount: 1200, count: 1 },
        { category_id: 'custom_3', amount: 10, previous_amount: 0, count: 2 },
      ],
      { key: 'Id', header: 'Category', series: ['This period', 'Previous period'], extra: 'Transactions' },
      (row) => (row.category_id === 'RENT' ? 'Rent, "home"' : '=HYPERLINK("x")'),
    );
    expect(csv).toBe(
      'Id,Category,This period,Previous period,Transactions\r\n' +
        'RENT,"Rent, ""home""",1200.5,1200,1\r\n' +
        `custom_3,"'=HYPERLINK(""x"")",10,0,2\r\n`,
    );
  });
});
