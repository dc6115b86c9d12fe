import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useLocation } from '../../lib/router';
import { useStore } from '../../store';
import { Card, Loading } from '../../ui';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../common/errors';
import { signInAnswerMessage } from '../connections/consent-answer';
import { AuthLayout } from './AuthLayout';
import { SignIn } from './SignIn';

/** `/auth-callback?code=…&state=…`: the authorization server's answer, exchanged for tokens here. */
export function AuthCallback() {
  const i18n = useT();
  const { search } = useLocation();
  const completeSignIn = useStore((s) => s.completeSignIn);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The sign-in page's own refusal or failure (`?error=…`) is said in words, never as its code.
    const answered = search.get('error');
    completeSignIn(search).catch((err) =>
      setFailure(
        answered && err instanceof ApiError && err.code === answered
          ? signInAnswerMessage(i18n, answered)
          : i18n.t('signIn.failed', { message: errorMessage(i18n, err) }),
      ),
    );
  }, [completeSignIn, search, i18n]);

  if (failure) return <SignIn failure={failure} />;
  return (
    <AuthLayout>
      <Card>
        <Loading label={i18n.t('signIn.working')} />
      </Card>
    </AuthLayout>
  );
}
