import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../src/main/engine/connectors/testbank';
import { TEST_BANK_ID } from '../../../src/main/engine/connectors/testbank/definition';
import { scenarioOf } from '../../../src/main/engine/connectors/testbank/profiles';
import {
  DEMO_LOGINS,
  DEMO_PASSWORD,
  TEST_BANK_PROVIDER_ID,
} from '../../../src/renderer/src/features/connections/testbank-demo';

describe('the test bank’s demo logins shown on its form', () => {
  it('are the test bank’s own: each plays the scenario the form says, with the password the bank takes', () => {
    expect(TEST_BANK_PROVIDER_ID).toBe(TEST_BANK_ID);
    expect(DEMO_PASSWORD).toBe(PASSWORD);
    for (const { login, scenario } of DEMO_LOGINS) expect([login, scenarioOf(login)]).toEqual([login, scenario]);
  });
});
