import type { statementsEn } from './statements.en';

/** Messages des résultats de lecture des relevés (issue 19), en français. Répandus dans fr.ts. */
export const statementsFr: Record<keyof typeof statementsEn, string> = {
  'docReport.todo.notStatement':
    'Ce fichier n’est pas un relevé de compte bancaire ou de carte (c’est un relevé de placements, un message d’erreur de la banque ou une liste de comptes ou de catégories). Téléchargez le relevé de votre compte bancaire ou de votre carte et importez plutôt ce fichier.',
  'docReport.todo.rowsLeftOut':
    'Certaines lignes de ce fichier n’ont pas pu être lues et ont été laissées de côté ; ses autres lignes sont importées. Corrigez ces lignes (leurs numéros sont indiqués au-dessus) ou exportez à nouveau le fichier depuis votre banque, puis importez-le à nouveau : un fichier du dossier est relu dès qu’il change.',
};
