import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNED_URL_SECONDS } from '@vigil/shared';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendFileWithRanges } from '../../lib/send-range.ts';
import { LOCAL_OBJECT_PATH, type Storage, attachmentDisposition } from '../../lib/storage.ts';
import { access } from '../../plugins/access.ts';
import type { StorageService } from './storage.service.ts';

const tags = ['storage'];
const MAX_UPLOAD = 25 * 1024 * 1024;
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const pathQuery = z.object({ path: z.string().min(1).max(200) });

/**
 * Spec §7 storage calls. A caller's paths live under its own workspace's prefix, so no path
 * can name another workspace's file; downloads go through short-lived signed URLs (served by
 * the object route below for local storage, by the bucket itself for S3).
 */
export function storageRoutes(app: FastifyInstance, { storage, files }: { storage: Storage; files: StorageService }) {
  const route = apiRoutes(app, tags);
  const actor = (req: FastifyRequest) => ({ workspaceId: req.session!.user.workspaceId, userId: req.session!.user.id });

  route.get(
    LOCAL_OBJECT_PATH,
    {
      access: access.public,
      summary: 'Download through a signed URL (the signature is the permission); honours Range (206)',
      querystring: z.object({
        path: z.string().max(400),
        expires: z.coerce.number(),
        name: z.string().max(300).optional(),
        signature: z.string().max(100),
      }),
    },
    async (req, reply) => {
      const { path, expires, name, signature } = req.query;
      // Only local storage signs URLs to this route; with S3 the bucket serves its own.
      if (storage.driver !== 'local' || !storage.verify(path, expires, signature, name))
        throw new AppError('permission-denied');
      const { contentType } = await storage.stat(path);
      // Served from our own origin: anything but a plain image is a download, never a page,
      // so an uploaded HTML or SVG file cannot run script as the app.
      const disposition =
        name !== undefined ? attachmentDisposition(name) : INLINE_TYPES.has(contentType) ? 'inline' : 'attachment';
      reply
        .header('content-type', contentType)
        .header('content-disposition', disposition)
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, max-age=60')
        .header('x-content-type-options', 'nosniff');
      return sendFileWithRanges(reply, req.headers.range, storage.file(path));
    },
  );

  app.register(async (scoped) => {
    // Uploads are the raw body of any type, scoped to this plugin so JSON routes keep their parser.
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD }, (_req, body, done) =>
      done(null, body),
    );
    scoped.withTypeProvider<ZodTypeProvider>().put(
      '/api/v1/storage/files',
      {
        bodyLimit: MAX_UPLOAD,
        config: { access: access.roles('manager', 'admin') },
        schema: {
          tags,
          summary: 'Upload a file to a path in your workspace',
          querystring: pathQuery,
          response: { 200: z.object({ path: z.string() }) },
        },
      },
      async (req) => {
        if (!Buffer.isBuffer(req.body))
          throw new AppError('invalid-argument', 'Invalid request parameters.', { body: 'empty' });
        await files.upload(actor(req), req.query.path, req.body, req.headers['content-type'] ?? '');
        return { path: req.query.path };
      },
    );
  });

  route.delete(
    '/api/v1/storage/files',
    {
      access: access.roles('manager', 'admin'),
      summary: 'Delete a file in your workspace',
      querystring: pathQuery,
      status: 204,
    },
    (req) => files.remove(actor(req), req.query.path),
  );

  route.get(
    '/api/v1/storage/url',
    {
      access: access.signedIn,
      summary: 'A short-lived download URL for a file in your workspace',
      querystring: pathQuery,
      response: z.object({ url: z.string(), expiresAt: z.string() }),
    },
    async (req) => {
      const key = await files.locate(actor(req), req.query.path);
      return {
        url: await storage.signedUrl(key),
        expiresAt: new Date(Date.now() + SIGNED_URL_SECONDS * 1000).toISOString(),
      };
    },
  );
}
