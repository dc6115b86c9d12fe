import { acceptLanguage as requestLanguage } from '../../../shared/language';
import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { idParams, mergeAnswer, mergeBody, nameConflict } from './merge-schema';
import type { OwnCategoryInput } from '../services/own-categories';
import { categorySchema } from './categories';

/** A person's own categories (an extension, docs/local-api.md); GET /categories lists them with the shipped ones. */
const READ = { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['transactions_manage'] } as const;
const label = { type: 'string', minLength: 1, maxLength: 400, description: '1 to 60 characters after trimming; unique among the categories (case and accents ignored).' } as const;
const parentId = { type: 'string', minLength: 1, maxLength: 100, description: 'A shipped top-level category (a category of GET /categories without parent), not UNCATEGORIZED.' } as const;
const conflict = nameConflict('category');

export const ownCategoryRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const own = ctx.services.ownCategories;
    const lang = (header: string | string[] | undefined) => requestLanguage(header);

    app.get<{ Params: { id: string } }>(
      '/categories/:id',
      {
        config: { access: READ },
        schema: {
          summary: 'Get one of your own categories (extension)',
          tags: ['Categories'],
          params: idParams,
          response: { 200: { ...categorySchema, description: 'The category.' } },
        },
      },
      async (request) => own.get(userIdOf(request), request.params.id, lang(request.headers['accept-language'])),
    );

    app.post<{ Body: Required<Pick<OwnCategoryInput, 'label' | 'parent_id'>> }>(
      '/categories',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Create a category of your own (extension)',
          description: 'Under a shipped top-level category, whose type it takes. Its id is custom_<n>, never one of the shipped ids.',
          tags: ['Categories'],
          body: { type: 'object', required: ['label', 'parent_id'], additionalProperties: false, properties: { label, parent_id: parentId } },
          response: { 201: { ...categorySchema, description: 'Created; Location: /categories/<id>.' }, 409: conflict },
        },
      },
      async (request, reply) => {
        const record = own.create(userIdOf(request), request.body, lang(request.headers['accept-language']));
        return reply.status(201).header('location', `/categories/${record.id}`).send(record);
      },
    );

    app.put<{ Params: { id: string }; Body: OwnCategoryInput }>(
      '/categories/:id',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Rename, move, hide or show one of your own categories (extension)',
          description:
            'Fields given replace the stored value, fields left out stay (at least one). A hidden category stays listed ' +
            '(hidden: true) and on its transactions, but nothing can be filed under it or merged into it until shown again.',
          tags: ['Categories'],
          params: idParams,
          body: { type: 'object', additionalProperties: false, properties: { label, parent_id: parentId, hidden: { type: 'boolean' } } },
          response: { 204: { type: 'null', description: 'Done.' }, 409: conflict },
        },
      },
      async (request, reply) => {
        own.update(userIdOf(request), request.params.id, request.body);
        return reply.status(204).send();
      },
    );

    app.post<{ Params: { id: string }; Body: { into_id: string } }>(
      '/categories/:id/merge',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Merge one of your own categories into another (extension)',
          description:
            'Its transactions, the corrections learnt from them and the rules filing under it move to into_id (a shipped ' +
            'category or another of your own, not hidden), then it is removed; all in one database transaction.',
          tags: ['Categories'],
          params: idParams,
          body: mergeBody,
          response: mergeAnswer,
        },
      },
      async (request) => own.merge(userIdOf(request), request.params.id, request.body.into_id),
    );
  },
});
