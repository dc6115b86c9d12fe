/** The parts of Enable Banking's answers the connector reads (connectors.md §2.2). */
export interface EbAmount {
  currency: string;
  amount: string;
}

export interface EbAccount {
  uid?: string;
  identification_hash: string;
  account_id?: { iban?: string | null; other?: { identification?: string } | null } | null;
  name?: string | null;
  details?: string | null;
  product?: string | null;
  cash_account_type?: string | null;
  currency?: string | null;
}

export interface EbSession {
  session_id: string;
  accounts: EbAccount[];
  aspsp?: { name: string; country: string };
  access?: { valid_until?: string };
}

export interface EbBalance {
  name?: string;
  balance_amount: EbAmount;
  balance_type: string;
  reference_date?: string | null;
  last_change_date_time?: string | null;
}

export interface EbTransaction {
  entry_reference?: string | null;
  transaction_id?: string | null;
  transaction_amount: EbAmount;
  credit_debit_indicator?: 'CRDT' | 'DBIT' | string;
  status?: string;
  booking_date?: string | null;
  value_date?: string | null;
  transaction_date?: string | null;
  creditor?: { name?: string | null } | null;
  debtor?: { name?: string | null } | null;
  remittance_information?: string[] | null;
  bank_transaction_code?: { description?: string | null; code?: string | null; sub_code?: string | null } | null;
}

export interface EbApplication {
  name: string;
  kid?: string;
  environment: string;
  active: boolean;
  redirect_urls: string[];
  countries: string[];
}

export interface EbAspsp {
  name: string;
  country: string;
  logo?: string;
  psu_types?: string[];
  auth_methods?: Array<{ approach?: string; psu_type?: string }>;
  maximum_consent_validity?: number;
  required_psu_headers?: string[];
  bic?: string;
}

/** What the connector keeps of an ASPSP as the provider's public details (ConnectorProvider.details). */
export interface AspspDetails {
  aspsp_name: string;
  /** alpha-2, as Enable Banking names it. */
  country: string;
  maximum_consent_validity: number;
  required_psu_headers: string[];
  logo_url?: string;
}

/** What the connector keeps with the grant in the keychain: the session's accounts (uids are per session). */
export interface GrantDetails {
  accounts: Array<{
    uid: string;
    identification_hash: string;
    name: string;
    cash_account_type: string;
    currency: string;
    iban?: string;
  }>;
}
