import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { access } from '../../plugins/access.ts';
import type { UnsubscribeService } from './unsubscribe.service.ts';

const tags = ['notifications'];
const link = { u: z.uuid(), t: z.string().min(1).max(100) };
const linkQuery = z.object(link);
/** The page's button sends the link's fields; a mail client's one-click sends RFC 8058's form body. */
const body = z.union([z.object(link).strict(), z.object({ 'List-Unsubscribe': z.literal('One-Click') }).strict()]);
const resultSchema = z.object({ channel: z.literal('email'), email: z.string() });
const FORM_LIMIT = 4096;

/** The fields of a small multipart/form-data body (RFC 8058's own example of a one-click POST is multipart). */
export function multipartFields(raw: string, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const out: Record<string, string> = {};
  if (!boundary) return out;
  for (const part of raw.split(`--${boundary}`)) {
    const sep = part.search(/\r?\n\r?\n/);
    const name = sep < 0 ? undefined : /name="([^"]*)"/i.exec(part.slice(0, sep))?.[1];
    if (name)
      out[name] = part
        .slice(sep)
        .replace(/^\r?\n\r?\n/, '')
        .replace(/\r?\n$/, '');
  }
  return out;
}

/**
 * Unsubscribing from notification mail without signing in. GET changes nothing (mail scanners fetch
 * every link): it sends the browser to the web page that explains and asks. POST unsubscribes:
 * from that page's button ({ u, t }) or from a mail client's RFC 8058 one-click (the link's query
 * and a `List-Unsubscribe=One-Click` form body).
 */
export function unsubscribeRoutes(app: FastifyInstance, deps: { unsubscribe: UnsubscribeService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/notifications/unsubscribe',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'The List-Unsubscribe link opened in a browser: redirects to the confirmation page, changes nothing',
        querystring: linkQuery,
      },
    },
    async (req, reply) => reply.redirect(`/unsubscribe?${new URLSearchParams(req.query).toString()}`, 303),
  );

  // Form bodies only here (scoped), so every other route keeps JSON only.
  app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_req, raw, done) => done(null, Object.fromEntries(new URLSearchParams(raw as string))),
    );
    scoped.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (req, raw, done) =>
      done(null, multipartFields(raw as string, req.headers['content-type'] ?? '')),
    );
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/notifications/unsubscribe',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary:
            'Turn notification emails and the digest off with a mail’s signed link: { u, t }, or RFC 8058 one-click (link in the query, form body List-Unsubscribe=One-Click)',
          querystring: linkQuery.partial(),
          body,
          response: { 200: resultSchema },
        },
      },
      async (req) => {
        const fromBody = 'u' in req.body ? req.body : null;
        const { u, t } = fromBody ?? req.query;
        if (!u || !t)
          throw new AppError('invalid-argument', 'Invalid request parameters.', {
            t: 'the link’s u and t are required',
          });
        return deps.unsubscribe.unsubscribe({ u, t });
      },
    );
  });
}
