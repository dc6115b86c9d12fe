import { acceptLanguage as requestLanguage } from '../../../shared/language';
import { CATEGORY_TYPES } from '../domain/values';
import { sendList, totalCountHeader } from '../http/list-params';
import { defineRoutes } from '../http/route-module';

export const categorySchema = {
  type: 'object',
  required: ['id', 'label', 'type'],
  properties: {
    id: { type: 'string', description: 'Upper-snake id, e.g. SUPERMARKET.' },
    label: { type: 'string' },
    type: { type: 'string', enum: [...CATEGORY_TYPES] },
    parent: { type: 'object', required: ['id', 'label'], properties: { id: { type: 'string' }, label: { type: 'string' } } },
    custom: { type: 'boolean', enum: [true], description: 'Extension: one of the caller\'s own categories (id custom_<n>). Absent for the shipped ones.' },
    hidden: { type: 'boolean', enum: [true], description: 'Extension: an own category the person hid: listed, no longer offered for filing.' },
  },
} as const;

export const categoryRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.get<{ Querystring: { type?: string; parent_id?: string } }>(
      '/categories',
      {
        config: { access: { kind: 'token' } },
        schema: {
          summary: 'List categories',
          description:
            'Needs a valid token of any kind, no scope. Labels follow Accept-Language (en or fr; default fr). The whole tree ' +
            '(about 60 categories) is returned at once. With a user\'s token, their own categories too (custom: true), each ' +
            'after the shipped children of its parent.',
          tags: ['Categories'],
          querystring: {
            type: 'object',
            properties: {
              type: { type: 'string', description: `One of ${CATEGORY_TYPES.join(', ')}.` },
              parent_id: { type: 'string', description: 'Only the children of this category.' },
            },
          },
          response: { 200: { description: 'The categories; an empty array when none.', type: 'array', items: categorySchema, headers: totalCountHeader } },
        },
      },
      async (request, reply) => {
        const records = ctx.services.categories.list(requestLanguage(request.headers['accept-language']), request.query, request.auth?.userId);
        return sendList(reply, records, records.length);
      },
    );
  },
});
