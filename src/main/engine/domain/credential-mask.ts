/**
 * The masking rule of credentials lives in src/shared: the app applies the same rule to a login being typed to
 * recognise one already connected (issue 15) without the engine ever giving a login back.
 */
export { maskCredential } from '../../../shared/credential-mask';
