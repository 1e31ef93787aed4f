import { listQuerySchema, outboxMessageSchema, pageSchema, userDocSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import type { AccountsService } from '../accounts/accounts.module.ts';
import type { MailService } from '../mail/mail.module.ts';

const tags = ['admin'];

export function adminRoutes(app: FastifyInstance, deps: { accounts: AccountsService; mail: MailService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/admin/users',
    {
      access: access.roles('admin'),
      summary: 'List, search and page through users',
      querystring: listQuerySchema.extend({ q: z.string().max(100).optional() }),
      response: pageSchema(userDocSchema),
    },
    (req) => deps.accounts.listUsers(req.query),
  );

  route.get(
    '/api/v1/admin/outbox',
    {
      access: access.roles('admin'),
      summary: 'Mail the installation has sent or kept',
      querystring: listQuerySchema,
      response: pageSchema(outboxMessageSchema),
    },
    (req) => deps.mail.list(req.query),
  );
}
