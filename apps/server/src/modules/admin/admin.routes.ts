import { listQuerySchema, outboxMessageSchema, pageSchema, userDocSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import type { AccountsService } from '../accounts/accounts.module.ts';
import type { MailService } from '../mail/mail.module.ts';

const tags = ['admin'];

export function adminRoutes(app: FastifyInstance, deps: { accounts: AccountsService; mail: MailService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/admin/users',
    {
      config: { access: access.roles('admin') },
      schema: {
        tags,
        summary: 'List, search and page through users',
        querystring: listQuerySchema.extend({ q: z.string().max(100).optional() }),
        response: { 200: pageSchema(userDocSchema) },
      },
    },
    async (req) => deps.accounts.listUsers(req.query),
  );

  r.get(
    '/api/v1/admin/outbox',
    {
      config: { access: access.roles('admin') },
      schema: {
        tags,
        summary: 'Mail the installation has sent or kept',
        querystring: listQuerySchema,
        response: { 200: pageSchema(outboxMessageSchema) },
      },
    },
    async (req) => deps.mail.list(req.query),
  );
}
