/** The labels of the bank form fields the app knows, by key (features/connections/credential-label.ts). */
export const credentialFieldsEn = {
  'credential.login': 'Login',
  'credential.password': 'Password',
  'credential.folder': 'Folder of statement files (absolute path)',
  'credential.setup_token': 'SimpleFIN setup token',
  'credential.sms_code': 'Code received by SMS',
  'credential.AUTHORIZATION_CODE': 'Authorization code',
  'credential.STATE': 'State',
};
