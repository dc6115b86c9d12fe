/** The API's error answers: one ApiError for the app and the widget (shared renderer core). */
export { ApiError, errorFromResponse, isApiError } from '../../../core/api/errors';
