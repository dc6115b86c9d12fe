import type { dataTransferEn } from './data-transfer.en';

/** Messages français de l’export et de l’import de ses données (Réglages → Général) ; repris dans fr.ts. */
export const dataTransferFr: Record<keyof typeof dataTransferEn, string> = {
  'dataTransfer.title': 'Vos données',
  'dataTransfer.intro':
    'Emportez tout ce que vous avez fait dans Coffer, ou reprenez-le dans un nouveau profil : vos connexions (sans leurs mots de passe), vos comptes, vos opérations avec vos notes, étiquettes et catégories, et vos règles.',
  'dataTransfer.export': 'Exporter mes données',
  'dataTransfer.exported':
    'Vos données ont été enregistrées dans {file}. Le fichier ne contient aucun mot de passe : gardez-le tout de même en lieu sûr, il contient tout votre historique.',
  'dataTransfer.import': 'Importer…',
  'dataTransfer.importHint': 'Choisissez un fichier créé par « Exporter mes données ». Un import ne se fait que dans un profil vide.',
  'dataTransfer.hasData':
    'Ce profil contient déjà {connections} : un import est donc refusé, il mélangerait deux historiques. Pour reprendre le fichier à la place : exportez d’abord ce profil si vous voulez le garder, supprimez-le ci-dessous, créez un nouveau profil, puis importez le fichier.',
  'dataTransfer.imported':
    'Importé : {connections}, {accounts} et {transactions}. Saisissez à nouveau les identifiants de chaque banque avec « Mettre à jour les identifiants » avant la prochaine synchronisation.',
  'dataTransfer.importHasData':
    'Ce profil contient déjà des données : le fichier n’a pas été importé, il mélangerait deux historiques. Exportez ce profil si vous voulez le garder, supprimez-le ci-dessous, créez un nouveau profil, puis importez le fichier.',
  'dataTransfer.importNewer':
    'Ce fichier a été créé par une version plus récente de Coffer. Mettez Coffer à jour, puis importez-le à nouveau. Rien n’a été importé.',
  'dataTransfer.importTruncated':
    'Ce fichier est incomplet : il s’arrête avant la fin de l’export. Exportez à nouveau vos données, ou vérifiez que la copie est complète. Rien n’a été importé.',
  'dataTransfer.importForeign': 'Ce fichier n’est pas un export de Coffer. Choisissez un fichier créé par « Exporter mes données ». Rien n’a été importé.',
  'dataTransfer.importDamaged':
    'Ce fichier a été modifié ou abîmé depuis son export : rien n’a été importé. Exportez à nouveau vos données depuis le profil d’origine.',
  'dataTransfer.tooLarge': 'Ce fichier dépasse 1 Go, le maximum qu’un import lit. Rien n’a été importé.',
};
