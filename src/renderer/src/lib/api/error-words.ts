/** The words of the API's error answers: shared by the app and the widget (shared renderer core). */
export { errorWords, refusalWords, type ErrorAnswer, type ErrorWords } from '../../../core/api/error-words';
