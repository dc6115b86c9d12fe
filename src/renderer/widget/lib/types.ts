/** The API records the widget uses: the shared renderer core's, generated from the engine's OpenAPI document. */
export type {
  Account,
  AuthorizeUrl,
  Channel,
  ChannelDefinition,
  Connection,
  ConnectionStatus,
  CredentialDefinition,
  EncryptionKey,
  ListedAccount,
  Provider,
  Queue,
  QueueEvent,
  WidgetSessionAnswer,
  WidgetSessionParameters,
} from '../../core/api/records';
