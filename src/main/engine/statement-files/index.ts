/** The statement-files feature as routes and the CLI use it. */
export { StatementFiles, type StatementFilesDeps } from './statement-files';
export { documentFileSchema, type DocumentFileRecord } from './document-records';
export { extensionOf, STATEMENT_EXTENSIONS, TEXT_EXTENSIONS } from './folder-scan';
export { uploadName, UploadTooLarge } from './inbox';
export { documentSettingsSchema, parseSettingsBody } from '../connectors/statements/document-settings';
export { MAX_STATEMENT_BYTES, formatBytes } from '../connectors/statements/statement-reader';
export { FOLDER_CREDENTIAL, STATEMENTS_CHANNEL_ID, STATEMENTS_ID } from '../connectors/statements/definition';
export { resolveStatementFolder } from './folder-access';
export { previewDocument, type DocumentPreview } from './document-preview';
