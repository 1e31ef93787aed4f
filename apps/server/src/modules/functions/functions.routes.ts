import { accessRole } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { access } from '../../plugins/access.ts';
import type { Callable } from '../../lib/callable.ts';

const body = z.object({ data: z.unknown() });

/**
 * `POST /api/fn/<name>` speaks the callable protocol: `{ data }` in, `{ result }` out, and
 * failures as `{ error: { status, message, details: { code } } }` (see plugins/errors.ts).
 */
export function functionsRoutes(app: FastifyInstance, deps: { callables: readonly Callable[] }) {
  const byName = new Map(deps.callables.map((c) => [c.name, c]));
  app.post<{ Params: { name: string } }>(
    '/api/fn/:name',
    {
      bodyLimit: 64 * 1024,
      config: { access: access.signedIn, callable: true },
      schema: {
        tags: ['functions'],
        summary: `Callable functions: ${[...byName.keys()].join(', ')}`,
        params: z.object({ name: z.string().max(64) }),
        body,
      },
    },
    async (req) => {
      const fn = byName.get(req.params.name);
      if (!fn) throw new AppError('not-found');
      const session = req.session!;
      if (fn.access.kind === 'roles' && !fn.access.roles.includes(accessRole(session.user.role))) {
        throw new AppError('permission-denied');
      }
      if (fn.access.personOnly && session.apiKeyId)
        throw new AppError('permission-denied', 'API keys cannot do this: it needs a person signed in.');
      const parsed = fn.input.safeParse((req.body as z.infer<typeof body>).data);
      if (!parsed.success) {
        const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'data', i.message]));
        throw new AppError('invalid-argument', 'Invalid request parameters.', fields);
      }
      return { result: await fn.run(session, parsed.data) };
    },
  );
}
