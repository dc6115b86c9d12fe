import type { Report } from '../report';

/** A benchmark scenario: measures, then adds rows to the report. Add yours to the list. */
export interface Scenario {
  name: string;
  run(report: Report): Promise<void>;
}

export const scenarios: Scenario[] = [];
