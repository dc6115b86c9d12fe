import type { statementsEn } from './statements.en';

/** Messages des résultats de lecture des relevés (issue 19), en français. Répandus dans fr.ts. */
export const statementsFr: Record<keyof typeof statementsEn, string> = {
  'docReport.todo.notStatement':
    'Ce fichier n’est pas un relevé de compte bancaire ou de carte (c’est un relevé de placements, un message d’erreur de la banque ou une liste de comptes ou de catégories). Téléchargez le relevé de votre compte bancaire ou de votre carte et importez plutôt ce fichier.',
  'docReport.todo.leftOut':
    'Les autres opérations de ce fichier ont été importées. Les lignes indiquées ci-dessus n’ont pas pu être lues : vérifiez-les sur le relevé de votre banque, puis importez le fichier corrigé (ou exportez-le à nouveau) pour les ajouter.',
};
