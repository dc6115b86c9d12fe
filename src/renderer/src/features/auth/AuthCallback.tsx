import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useLocation } from '../../lib/router';
import { useStore } from '../../store';
import { Card, Loading } from '../../ui';
import { errorMessage } from '../common/errors';
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
    completeSignIn(search).catch((err) => setFailure(errorMessage(i18n, err)));
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
