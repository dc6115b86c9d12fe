/**
 * The test bank's customers: a login decides the scenario (see docs/api/providers-and-test-bank.md#test-bank) and the
 * products held. Everything here depends on the login only; what depends on time is in the ledger modules.
 *
 * Logins ending in `_uk` or `_gb` bank like a British customer (GBP, British merchants); every other login
 * like a French one (EUR). Unknown logins behave as `user_ok` with their own data.
 */
import type { AccountType, AccountUsage } from '../types';
import { FR, GB, type Locale } from './locales';
import { hash32, Rng } from './prng';

export type Scenario =
  | 'ok'
  | 'challenge'
  | 'unavailable'
  | 'password_change'
  | 'action'
  | 'partial'
  | 'pro'
  | 'many'
  | 'big'
  | 'slow';

const SCENARIOS: Record<string, Scenario> = {
  user_challenge: 'challenge',
  user_challenge_retry: 'challenge',
  user_unavailable: 'unavailable',
  user_password_change: 'password_change',
  user_action: 'action',
  user_partial: 'partial',
  user_pro: 'pro',
  user_many: 'many',
  user_big: 'big',
  user_slow: 'slow',
};

export function scenarioOf(login: string): Scenario {
  return SCENARIOS[login.replace(/_(uk|gb)$/i, '')] ?? 'ok';
}

/**
 * Answers the challenge scenario accepts before the run fails CHALLENGE_FAILED: `user_challenge` one (contract
 * any wrong code fails: docs/api/providers-and-test-bank.md#test-bank), `user_challenge_retry` three (asked again after
 * a wrong code, like most banks).
 */
export function challengeAttempts(login: string): number {
  return /^user_challenge_retry$/i.test(login.replace(/_(uk|gb)$/i, '')) ? 3 : 1;
}

/** What an account is for in the generated data. */
export type Role = 'checking' | 'card' | 'savings' | 'loan' | 'pro' | 'many' | 'big';

export interface AccountSpec {
  role: Role;
  reference: string;
  name: string;
  type: AccountType;
  currency: string;
  iban?: string;
  account_number?: string;
  owner: { name: string };
  usage: AccountUsage;
  payment_source: boolean;
  payment_destination: boolean;
  /** Seed of this account's own randomness: hash of login + reference. */
  seed: number;
}

export interface Profile {
  login: string;
  scenario: Scenario;
  locale: Locale;
  /** Which generator makes the data. */
  kind: 'standard' | 'many' | 'big';
  /** Seed of what concerns several accounts (salary, transfers between them): hash of the login. */
  userSeed: number;
  owner: string;
  /** Masked card number as printed in raw texts. */
  cardMask: string;
  accounts: AccountSpec[];
}

export const MANY_ACCOUNTS = 150;

const FIRST_FR = ['Camille', 'Julien', 'Léa', 'Thomas', 'Chloé', 'Nicolas', 'Manon', 'Antoine'];
const LAST_FR = ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Laurent', 'Garnier', 'Rousseau'];
const FIRST_GB = ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Jack', 'Emily'];
const LAST_GB = ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Walker', 'Wright'];
const COMPANIES_FR = ['Conseil', 'Studio', 'Ingénierie', 'Atelier'];
const COMPANIES_GB = ['Consulting Ltd', 'Studio Ltd', 'Engineering Ltd', 'Design Ltd'];

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}

/** Remainder modulo 97 of a long string of digits. */
function mod97(digits: string): number {
  let r = 0;
  for (let i = 0; i < digits.length; i += 7) r = Number(`${r}${digits.slice(i, i + 7)}`) % 97;
  return r;
}

function ibanOf(country: string, bban: string): string {
  const letters = (s: string): string => s.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  const check = 98 - mod97(letters(`${bban}${country}00`));
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** A valid French IBAN (RIB key and IBAN check digits) on the fictitious bank code 17900. */
function frenchIban(branch: number, account: number): { iban: string; account_number: string } {
  const bank = 17900;
  const acct = String(account).padStart(11, '0');
  const key = 97 - ((89 * bank + 15 * branch + 3 * account) % 97);
  const bban = `${bank}${String(branch).padStart(5, '0')}${acct}${String(key).padStart(2, '0')}`;
  return { iban: ibanOf('FR', bban), account_number: acct };
}

/** A valid British IBAN on the fictitious bank code COFF. */
function britishIban(sortCode: number, account: number): { iban: string; account_number: string } {
  const acct = String(account).padStart(8, '0');
  return { iban: ibanOf('GB', `COFF${String(sortCode).padStart(6, '0')}${acct}`), account_number: acct };
}

export function profileOf(login: string): Profile {
  const scenario = scenarioOf(login);
  const locale = /_(uk|gb)$/i.test(login) ? GB : FR;
  const userSeed = hash32(`user|${login}`);
  const r = new Rng(userSeed);
  const gb = locale === GB;
  const owner = gb ? `${r.pick(FIRST_GB)} ${r.pick(LAST_GB)}` : `${r.pick(FIRST_FR)} ${r.pick(LAST_FR)}`;
  const last4 = String(r.int(1000, 9999));
  const cardMask = gb ? `CARD ${last4}` : `4970XXXXXXXX${last4}`;
  const branch = r.int(10, 99_999);
  const baseAccount = r.int(1_000_000, 9_000_000);
  const prefix = hex8(hash32(`ref|${login}`));
  const names = locale.accountNames;

  const spec = (role: Role, suffix: string, name: string, type: AccountType, n: number): AccountSpec => {
    const reference = `${prefix}-${suffix}`;
    const bank = gb ? britishIban(branch % 1_000_000, baseAccount + n) : frenchIban(branch, baseAccount * 1000 + n);
    const withIban = type === 'CHECKINGS' || type === 'SAVINGS';
    return {
      role,
      reference,
      name,
      type,
      currency: locale.currency,
      ...(withIban ? bank : {}),
      account_number:
        type === 'CREDIT_CARD' ? (gb ? `XXXX XXXX XXXX ${last4}` : `4970 XXXX XXXX ${last4}`) : type === 'LOAN' ? `PRET-${bank.account_number}` : bank.account_number,
      owner: { name: owner },
      usage: 'PERSONAL',
      payment_source: type === 'CHECKINGS',
      payment_destination: type === 'CHECKINGS' || type === 'SAVINGS',
      seed: hash32(`${login}|${reference}`),
    };
  };

  const checking = spec('checking', 'CHK', names.checkings, 'CHECKINGS', 1);
  const card = spec('card', 'CARD', names.card, 'CREDIT_CARD', 2);
  const savings = spec('savings', 'SAV', names.savings, 'SAVINGS', 3);
  const loan = spec('loan', 'LOAN', names.loan, 'LOAN', 4);

  let kind: Profile['kind'] = 'standard';
  let accounts: AccountSpec[];
  switch (scenario) {
    case 'many':
      kind = 'many';
      accounts = Array.from({ length: MANY_ACCOUNTS }, (_, i) => {
        const n = i + 1;
        const type: AccountType = n % 5 === 0 ? 'SAVINGS' : n % 7 === 0 ? 'CREDIT_CARD' : 'CHECKINGS';
        const label = String(n).padStart(3, '0');
        return spec('many', `M${label}`, `${names.many} ${label}`, type, 10 + n);
      });
      break;
    case 'big':
      kind = 'big';
      accounts = [spec('big', 'BIG', names.checkings, 'CHECKINGS', 1)];
      break;
    case 'slow':
      accounts = [checking];
      break;
    case 'pro': {
      const company = gb ? `${owner.split(' ')[1]} ${r.pick(COMPANIES_GB)}` : `${r.pick(COMPANIES_FR)} ${owner.split(' ')[1]} SARL`;
      const pro: AccountSpec = { ...spec('pro', 'PRO', names.pro, 'CHECKINGS', 5), owner: { name: company }, usage: 'PROFESSIONAL' };
      accounts = [checking, card, pro];
      break;
    }
    default:
      accounts = [checking, card, savings, loan];
  }
  return { login, scenario, locale, kind, userSeed, owner, cardMask, accounts };
}
