import type { newUserEn } from './newuser.en';

/** Messages de ce qu’une nouvelle personne rencontre d’abord (afficher le mot de passe, identifiants de démonstration, Enable Banking dans Ajouter une connexion) ; repris dans fr.ts. */
export const newUserFr: Record<keyof typeof newUserEn, string> = {
  'secret.show': 'Afficher le mot de passe',
  'secret.showSecret': 'Afficher le secret',

  'demo.title': 'Identifiants de démonstration de la banque de test',
  'demo.intro':
    'Coffer Test Bank est une banque simulée pour essayer Coffer : elle ne détient aucun argent réel. Utilisez l’un de ces identifiants avec le mot de passe {password} ; choisissez-en un pour remplir le formulaire.',
  'demo.introRedirect':
    'Coffer Test Bank est une banque simulée pour essayer Coffer : elle ne détient aucun argent réel. Sur sa page, saisissez l’un de ces identifiants.',
  'demo.user_ok': 'un compte courant, une carte, un livret et un prêt, deux ans d’historique',
  'demo.user_challenge': 'demande un code reçu par SMS : saisissez 123456',
  'demo.user_many': '150 comptes',
  'demo.user_partial': 'deux comptes échouent, les autres sont importés',
  'demo.user_pro': 'avec un compte professionnel à valider',
  'demo.user_password_change': 'la banque demande un nouveau mot de passe',
  'demo.user_unavailable': 'la banque est hors service',
  'demo.user_big': '100 000 opérations',
  'demo.user_ok_uk': 'un client britannique, en livres',

  'add.documentSubtitle': 'Fichiers de toute banque · OFX, QFX, QIF, CSV, CAMT.052/053/054, MT940',
  'add.ebOfferTitle': 'Vous cherchez une autre banque en Europe ?',
  'add.ebOffer':
    'Coffer accède à plus de 2 500 banques européennes par Enable Banking, une fois que vous y avez enregistré votre propre application gratuite (environ cinq minutes).',
  'add.ebNoMatch':
    'Votre banque fait peut-être partie des 2 500 banques européennes que Coffer atteint par Enable Banking. Ce service n’est pas encore configuré : enregistrez-y votre propre application gratuite (environ cinq minutes), puis cherchez à nouveau.',
  'add.ebSetUp': 'Configurer Enable Banking',
};
