/** The refusal when an e-mail address already names another user (e-mail addresses identify users). */
export const EMAIL_IN_USE = 'this e-mail address is already in use';
