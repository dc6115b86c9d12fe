/** The one Accept-Language parser and Language type live in src/shared/language.ts. */
export { acceptLanguage as requestLanguage, type Language } from '../../../../shared/language';
