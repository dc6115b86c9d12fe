/** What a screen that failed to draw says (features/layout/ErrorBoundary.tsx). */
export const screenFailureEn = {
  'screenFailure.title': 'This screen could not be shown',
  'screenFailure.text':
    'Your data is safe: nothing was changed. Try again, or reload the app. If it happens again, please report it and copy the technical details below into your report.',
  'screenFailure.reload': 'Reload the app',
  'screenFailure.details': 'Technical details (for a bug report)',
};
