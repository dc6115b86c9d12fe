import { api } from './client';
import type { WidgetSessionCreated } from './types';

/** The hosted widget: a session for the signed-in user, whose links open the widget pages. */
export const widgetApi = {
  session: (accessToken: string, body: Record<string, string | boolean | undefined> = {}) =>
    api
      .post<WidgetSessionCreated>(
        '/embed/widget_session',
        { access_token: accessToken, ...body },
        { base: 'root', auth: 'none' },
      )
      .then((r) => r.data),
};
