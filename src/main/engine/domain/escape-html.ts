/** The engine's server-rendered pages escape text with the one definition shared with the renderer. */
export { escapeHtml } from '../../../shared/html';
