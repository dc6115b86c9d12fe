/** The API records the widget uses: the shared renderer core's, generated from the engine's OpenAPI document. */
export type {
  Account,
  Channel,
  ChannelDefinition,
  Connection,
  ConnectionStatus,
  CredentialDefinition,
  EncryptionKey,
  ListedAccount,
  Provider,
  QueueEvent,
} from '../../core/api/records';
