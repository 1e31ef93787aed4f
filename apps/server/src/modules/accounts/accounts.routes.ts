import {
  MAX_PHOTO_BYTES,
  type SupportContact,
  meSchema,
  supportContactSchema,
  updateProfileSchema,
  updateWorkspaceSchema,
  workspaceSchema,
} from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { access } from '../../plugins/access.ts';
import type { AccountsService } from './accounts.service.ts';
import { keepMeText, keptMeText } from './me-text.ts';

const tags = ['me'];
const JSON_TYPE = 'application/json; charset=utf-8';

export function accountsRoutes(app: FastifyInstance, deps: { accounts: AccountsService; support: SupportContact }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = apiRoutes(app, tags);
  const { accounts } = deps;

  // Photos arrive as the raw image body: no multipart parser, no temp files.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES },
    (_req, body, done) => done(null, body),
  );

  route.get(
    '/api/v1/me',
    {
      access: access.signedIn,
      twoFactorExempt: true,
      summary: 'The signed-in user’s document and workspace',
      response: meSchema,
    },
    (req, reply) => {
      const session = req.session!;
      const text = keptMeText(session);
      // The same text the route's serializer writes, with the type it sends: a string is sent as it is.
      if (text !== undefined) return reply.type(JSON_TYPE).send(text);
      return accounts.meOf(session).then((me) => {
        const written = reply.serialize(me);
        return reply.type(JSON_TYPE).send(typeof written === 'string' ? keepMeText(session, me, written) : written);
      });
    },
  );

  // Help must reach someone who cannot sign in, so it is public; it says only what the installation publishes.
  route.get(
    '/api/v1/support',
    {
      access: access.public,
      twoFactorExempt: true,
      summary: 'Whom to ask for help: the installation’s support email and phone (null when not set)',
      response: supportContactSchema,
    },
    () => deps.support,
  );

  // The app's first auth state: 200 either way, so a signed-out start is not an error.
  r.get(
    '/api/v1/auth/session',
    {
      config: { access: access.public, twoFactorExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'The current session, or null',
        response: { 200: z.object({ session: meSchema.nullable() }) },
      },
    },
    async (req) => ({ session: req.session ? await accounts.meOf(req.session) : null }),
  );

  route.patch(
    '/api/v1/me',
    {
      // Language and theme stay the person's own while their workspace waits for their two-factor.
      access: access.personOnly(access.signedIn),
      twoFactorExempt: true,
      summary: 'Update display name and preferences',
      body: updateProfileSchema,
      response: meSchema,
      bodyLimit: 16 * 1024,
    },
    (req) => accounts.updateProfile(req.session!, req.body),
  );

  route.put(
    '/api/v1/me/photo',
    {
      access: access.personOnly(access.signedIn),
      summary: 'Upload a profile photo (raw PNG, JPEG or WebP body, up to 2 MB)',
      response: meSchema,
      schema: { consumes: ['image/png', 'image/jpeg', 'image/webp'] },
    },
    (req) => {
      if (!Buffer.isBuffer(req.body))
        throw new AppError('invalid-argument', 'Invalid request parameters.', { photo: 'PNG, JPEG or WebP only' });
      return accounts.setPhoto(req.session!, req.body, String(req.headers['content-type']).split(';')[0]!);
    },
  );

  route.delete(
    '/api/v1/me/photo',
    { access: access.personOnly(access.signedIn), summary: 'Remove the profile photo', response: meSchema },
    (req) => accounts.removePhoto(req.session!),
  );

  r.get(
    '/api/v1/workspaces/:id',
    {
      config: { access: access.signedIn },
      schema: {
        tags: ['workspaces'],
        summary: 'A workspace the caller belongs to',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: workspaceSchema },
      },
    },
    async (req) => {
      const { workspace } = await accounts.meOf(req.session!);
      // Another workspace is indistinguishable from one that does not exist.
      if (workspace.id !== req.params.id) throw new AppError('not-found');
      return workspace;
    },
  );

  r.patch(
    '/api/v1/workspaces/:id',
    {
      // Owners (user → manager) and managers of that workspace; another workspace is not found.
      config: { access: access.roles('manager', 'admin') },
      schema: {
        tags: ['workspaces'],
        summary:
          'Change the workspace’s settings: viewersMayExport (whether viewers may export footage), ' +
          'newCameraMotionAlerts (whether a new camera starts with motion alerts on)',
        params: z.object({ id: z.string().uuid() }),
        body: updateWorkspaceSchema,
        response: { 200: workspaceSchema },
      },
    },
    async (req) => accounts.updateWorkspace(req.session!, req.params.id, req.body),
  );
}
