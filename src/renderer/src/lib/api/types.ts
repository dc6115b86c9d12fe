/** The API's records: defined once in the shared renderer core, generated from the engine's OpenAPI document. */
export * from '../../../core/api/records';
