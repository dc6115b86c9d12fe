import { api } from './client';

/** The hosted widget: a session for the signed-in user, whose links open the widget pages. */
export const widgetApi = {
  session: (accessToken: string, body: Record<string, string | boolean | undefined> = {}) =>
    api
      .post<{ session_id: string; expires: number; _links: Record<string, string> }>(
        '/embed/widget_session',
        { access_token: accessToken, ...body },
        { base: 'root', auth: 'none' },
      )
      .then((r) => r.data),
};
