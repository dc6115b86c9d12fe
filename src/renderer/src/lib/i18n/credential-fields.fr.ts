import type { credentialFieldsEn } from './credential-fields.en';

/** Les libellés des champs de formulaire bancaire connus de l’application, par clé. */
export const credentialFieldsFr: Record<keyof typeof credentialFieldsEn, string> = {
  'credential.login': 'Identifiant',
  'credential.password': 'Mot de passe',
  'credential.folder': 'Dossier des relevés (chemin absolu)',
  'credential.setup_token': 'Jeton de configuration SimpleFIN',
  'credential.sms_code': 'Code reçu par SMS',
  'credential.AUTHORIZATION_CODE': 'Code d’autorisation',
  'credential.STATE': 'État',
};
