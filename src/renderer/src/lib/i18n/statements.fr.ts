import type { statementsEn } from './statements.en';

/** Messages en français des relevés lus comme les banques les écrivent (voir statements.en.ts). */
export const statementsFr: Record<keyof typeof statementsEn, string> = {
  'docReport.todo.rowsLeftOut':
    'Certaines lignes de ce fichier n’ont pas pu être lues et ont été laissées de côté ; ses autres lignes sont importées. Corrigez ces lignes (leurs numéros sont indiqués au-dessus) ou exportez à nouveau le fichier depuis votre banque, puis importez-le à nouveau : un fichier du dossier est relu dès qu’il change.',
};
