import type { ebEn } from './enablebanking.en';

/** Messages des écrans Enable Banking (réglages, étape de consentement) ; repris dans fr.ts. */
export const ebFr: Record<keyof typeof ebEn, string> = {
  'settings.enableBanking': 'Enable Banking',

  'eb.title': 'Banques européennes via Enable Banking',
  'eb.intro':
    'Enable Banking relie Coffer à plus de 2 500 banques en Europe, dans le cadre de la DSP2. C’est gratuit pour l’usage personnel de vos propres comptes : vous enregistrez une fois votre propre application (environ cinq minutes), puis vous ajoutez vos banques comme toute autre connexion. Un consentement dure jusqu’à 180 jours selon la banque.',
  'eb.guideTitle': 'Enregistrer votre application chez Enable Banking',
  'eb.step1':
    'Ouvrez le Control Panel d’Enable Banking et connectez-vous avec votre adresse e-mail (vous recevez un lien de connexion ; il n’y a pas de mot de passe).',
  'eb.openControlPanel': 'Ouvrir le Control Panel',
  'eb.step2':
    'Dans Applications, cliquez sur « Add a new application ». Choisissez l’environnement « Production », donnez-lui un nom (par exemple « Coffer »), indiquez votre adresse e-mail et acceptez les conditions, puis cliquez sur « Register ». Votre navigateur crée la clé privée et la télécharge dans un fichier au nom de l’identifiant de l’application, terminé par .pem : gardez-le, il sert plus bas.',
  'eb.step3': 'Dans les « Redirect URLs » de l’application, saisissez exactement cette adresse :',
  'eb.step3Hint':
    'Elle n’ouvre rien : votre banque vous y renvoie avec un code, que Coffer lit (l’application de bureau l’intercepte ; dans un navigateur, vous le collez).',
  'eb.step4':
    'Cliquez sur « Activate by linking accounts » et connectez-vous à votre banque pour lier vos comptes, une fois par banque. Jusque-là l’application n’est pas active, et elle ne pourra jamais lire que les comptes liés ainsi.',
  'eb.step5':
    'Ci-dessous, indiquez l’identifiant de l’application et le fichier .pem. Coffer les vérifie aussitôt auprès d’Enable Banking.',
  'eb.cost':
    'Enable Banking ne facture pas une application restreinte utilisée pour vos propres comptes. La clé privée reste dans le trousseau de votre système ; elle n’est plus jamais affichée.',
  'eb.formTitle': 'Votre application',
  'eb.applicationId': 'Identifiant de l’application',
  'eb.applicationIdHint': 'Affiché dans le Control Panel ; le fichier .pem porte le même nom.',
  'eb.privateKey': 'Clé privée (fichier .pem)',
  'eb.keyDrop': 'Déposez le fichier .pem ici, ou',
  'eb.keyPick': 'Choisir le fichier .pem',
  'eb.keyOther': 'Choisir un autre fichier',
  'eb.keyChosen': '{name} lu',
  'eb.keyHint':
    'Lu dans cette page et envoyé une seule fois au moteur, qui le garde dans le trousseau de votre système.',
  'eb.keyRequired': 'Choisissez le fichier .pem téléchargé depuis Enable Banking.',
  'eb.keyNotPem':
    '« {name} » n’est pas une clé privée : choisissez le fichier .pem que votre navigateur a téléchargé à l’enregistrement de l’application.',
  'eb.keyIsPublic':
    '« {name} » contient une clé publique ou un certificat, pas la clé privée : choisissez le fichier .pem que votre navigateur a téléchargé à l’enregistrement de l’application.',
  'eb.idMismatch':
    'Le fichier « {file} » porte l’identifiant d’une autre application. Vérifiez que l’identifiant et la clé sont ceux de la même application.',
  'eb.save': 'Vérifier et enregistrer',
  'eb.checking': 'Vérification auprès d’Enable Banking…',
  'eb.saved': 'Enable Banking est configuré : ses banques apparaissent dans Ajouter une connexion',
  'eb.error.unavailable': 'Ce moteur ne prend pas encore en charge Enable Banking.',
  'eb.error.details': 'Détails techniques',
  'eb.configuredTitle': 'Votre application Enable Banking',
  'eb.name': 'Nom',
  'eb.environment': 'Environnement',
  'eb.production': 'Production',
  'eb.sandbox': 'Bac à sable (banques de test uniquement)',
  'eb.status': 'État',
  'eb.active': 'Active',
  'eb.notActive': 'Pas encore active',
  'eb.inactiveTitle': 'Pas encore active.',
  'eb.inactive':
    'Dans le Control Panel, ouvrez l’application, cliquez sur « Activate by linking accounts » et liez vos comptes auprès de votre banque. Cliquez ensuite sur « Vérifier de nouveau ».',
  'eb.redirectUrls': 'Adresses de retour',
  'eb.usedByCoffer': 'utilisée par Coffer',
  'eb.otherRedirect':
    'L’adresse de retour de Coffer n’est pas enregistrée dans cette application : les consentements reviendront à {url}.',
  'eb.noRedirect':
    'Cette application n’a aucune adresse de retour : aucune banque ne peut être connectée. Ajoutez celle-ci dans le Control Panel, puis cliquez sur « Vérifier de nouveau » :',
  'eb.countries': 'Pays',
  'eb.addHint': 'Les banques de ces pays figurent dans Ajouter une connexion (liste mise à jour chaque jour).',
  'eb.recheck': 'Vérifier de nouveau',
  'eb.replace': 'Remplacer la clé',
  'eb.remove': 'Retirer',
  'eb.removeTitle': 'Retirer l’application Enable Banking ?',
  'eb.removeBody':
    'Coffer oublie « {name} » et sa clé privée. Les connexions via Enable Banking ne se synchronisent plus ; ce qu’elles ont importé reste. L’application elle-même reste enregistrée chez Enable Banking.',
  'eb.removed': 'Application Enable Banking retirée',

  'bankConsent.title': 'Connecter {bank}',
  'bankConsent.renewTitle': 'Renouveler votre consentement chez {bank}',
  'bankConsent.intro':
    'Vous vous connectez sur la page de {bank} et choisissez ce que vous partagez ; Coffer ne voit jamais votre mot de passe bancaire.',
  'bankConsent.windowHint':
    'Coffer ouvre la page de {bank} dans une fenêtre à part. Connectez-vous et donnez votre accord : la fenêtre se ferme d’elle-même et la connexion est créée.',
  'bankConsent.open': 'Ouvrir la page de {bank}',
  'bankConsent.waiting': 'En attente de {bank}…',
  'bankConsent.step1': 'Ouvrez la page de {bank}, connectez-vous et autorisez l’accès à vos comptes.',
  'bankConsent.step2':
    'Votre navigateur arrive ensuite sur une page qui ne s’ouvre pas : c’est normal. Copiez toute l’adresse de la barre d’adresse (elle commence comme celle-ci) et collez-la ci-dessous.',
  'bankConsent.pasteFallback': 'La fenêtre ne s’est pas fermée ? Collez l’adresse qu’elle affichait',
  'bankConsent.pasteLabel': 'L’adresse où vous êtes arrivé',
  'bankConsent.pasteHint': 'Elle contient un code à usage unique ; il ne sert qu’à terminer cette connexion.',
  'bankConsent.finish': 'Terminer la connexion',
  'bankConsent.restart': 'Recommencer',
  'bankConsent.renewed': 'Consentement renouvelé : synchronisation en cours',
  'bankConsent.privacy': 'Le code n’est valable que quelques minutes, et pour cette connexion seulement.',
  'bankConsent.none': 'Aucun consentement bancaire n’est en cours.',
  'bankConsent.startAgain': 'Ajouter une connexion',
  'bankConsent.refused':
    'Vous n’avez pas donné votre accord à {bank} : rien n’a été connecté. Vous pouvez recommencer quand vous voulez.',
  'bankConsent.cancelled': 'La fenêtre de la banque a été fermée avant sa réponse. Rien n’a été connecté.',
  'bankConsent.timeout':
    'La page de la banque est restée ouverte trop longtemps et a été fermée : ses codes ne valent que quelques minutes. Recommencez.',
  'bankConsent.busy': 'Une page de banque est déjà ouverte : terminez d’abord là-bas.',
  'bankConsent.loadFailed':
    'La page de {bank} n’a pas pu être chargée. Vérifiez votre connexion à Internet, puis recommencez.',
  'bankConsent.bankError': '{bank} n’a pas pu autoriser la connexion ({message}). Recommencez dans un instant.',
  'bankConsent.problem.not_a_url':
    'Ce n’est pas une adresse web. Copiez toute l’adresse de la barre d’adresse de votre navigateur.',
  'bankConsent.problem.wrong_address': 'Ce n’est pas l’adresse qu’attend Coffer : elle doit commencer par {url}',
  'bankConsent.problem.no_answer':
    'Cette adresse ne contient pas de code : terminez d’abord sur la page de la banque, puis copiez l’adresse où vous arrivez.',
  'bankConsent.problem.state_mismatch':
    'Cette adresse correspond à une autre tentative. Rouvrez la page de la banque depuis ici, puis collez l’adresse où vous arrivez.',
  'bankConsent.endsOn':
    'Votre consentement chez {bank} prend fin le {date}. Renouvelez-le pour continuer à synchroniser.',
};
