import type { leavingEn } from './leaving.en';

/** Messages de la suppression de son profil (Paramètres → Général) ; repris dans fr.ts. */
export const leavingFr: Record<keyof typeof leavingEn, string> = {
  'leaving.title': 'Supprimer mon profil',
  'leaving.intro':
    'Supprime votre profil et tout ce que Coffer garde pour vous sur cet ordinateur. Les fichiers de vos dossiers de relevés restent où ils sont.',
  'leaving.open': 'Supprimer mon profil…',
  'leaving.confirmTitle': 'Supprimer le profil de {email} ?',
  'leaving.removes': 'Ceci supprime, de Coffer et de cet ordinateur :',
  'leaving.data': '{connections}, avec {accounts} et {transactions} ;',
  'leaving.secrets': 'les mots de passe, codes et consentements bancaires que Coffer garde pour elles dans le trousseau du système (l’accès donné sur la page de consentement d’une banque y est aussi clos, quand elle le permet) ;',
  'leaving.own': 'vos règles de catégorisation, vos notes, vos étiquettes et vos propres catégories ;',
  'leaving.tokens': 'vos jetons d’accès, les applications autorisées à lire vos données, et la session de cette fenêtre ;',
  'leaving.window': 'ce que cette fenêtre retient : filtres enregistrés, dernier écran, langue, copie du tableau de bord.',
  'leaving.after':
    'C’est définitif. Coffer repart ensuite de zéro, et {email} pourra servir à un nouveau profil.',
  'leaving.counting': 'Calcul de ce qui sera supprimé…',
  'leaving.confirm': 'Supprimer mon profil',
  'leaving.connections.one': '{count} connexion',
  'leaving.connections.other': '{count} connexions',
  'leaving.done': 'Votre profil et tout ce qu’il contenait ont été supprimés. Créez un nouveau profil pour recommencer.',
};
