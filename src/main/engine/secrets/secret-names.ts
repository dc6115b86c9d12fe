/**
 * Names of keychain entries (inside this installation's namespace). One entry per connection channel
 * holds a JSON object of that channel's credential values (EMBEDDED) or consent tokens (REDIRECT).
 */
export const channelSecretName = (channelId: number | string) => `channel/${channelId}`;
export const signKeySecretName = (keyId: string) => `sign-key/${keyId}`;
export const webhookSecretName = () => 'webhook/secret';
