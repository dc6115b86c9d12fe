/** The API records the widget uses (the app's typed client defines them; imported as types only). */
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
} from '../../src/lib/api/types';
