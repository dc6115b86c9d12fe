/**
 * The hosted widget's pages and flow flags (docs/api/widget.md), shared by the engine, which serves and
 * checks them, and the widget page, which reads them from its address.
 */

/** The pages, by the path segment that opens them (`professional-account` is accepted as an alias). */
export const WIDGET_PAGES = {
  add_connection: 'add_connection',
  edit_credentials: 'edit_credentials',
  user_input: 'user_input',
  terms: 'terms',
  'professional-account': 'professional_account',
  professional_account: 'professional_account',
  manage_accounts: 'manage_accounts',
  /** Where a provider's consent page returns (REDIRECT channels); continues add_connection or edit_credentials. */
  callback: 'callback',
} as const;

export type WidgetPage = (typeof WIDGET_PAGES)[keyof typeof WIDGET_PAGES];

/** The page a path segment opens, or undefined (an own property only: `constructor` is no page). */
export function widgetPage(segment: string): WidgetPage | undefined {
  return Object.prototype.hasOwnProperty.call(WIDGET_PAGES, segment)
    ? WIDGET_PAGES[segment as keyof typeof WIDGET_PAGES]
    : undefined;
}

/** Flags a widget session may carry; a page's query parameters override them. */
export const FLOW_FLAGS = ['captive_mode', 'select_accounts', 'multiple_channels', 'select_channel'] as const;
export type FlowFlag = (typeof FLOW_FLAGS)[number];

/** Flags only a page's address may carry (compatibility aliases): consent_per_account, wait_sync_end. */
export const PAGE_ONLY_FLAGS = ['consent_per_account', 'wait_sync_end'] as const;
export type PageOnlyFlag = (typeof PAGE_ONLY_FLAGS)[number];

/** `redirect_uri`, or its alias `redirect_url`, as query parameter names in the order they are read. */
export const REDIRECT_URI_PARAMS = ['redirect_uri', 'redirect_url'] as const;
