import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { parseRange } from './media-store.ts';
import { AppError } from './app-error.ts';

/**
 * Sends a file whole (200) or the byte range asked for (206; 416 when it cannot be met), as
 * hls.js and <video> expect. The caller sets content type, caching and disposition first.
 */
export async function sendFileWithRanges(reply: FastifyReply, rangeHeader: string | undefined, file: string) {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new AppError('not-found');
  reply.header('accept-ranges', 'bytes');
  const range = parseRange(rangeHeader, info.size);
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${info.size}`).send();
  if (!range) return reply.header('content-length', info.size).send(createReadStream(file));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(file, { start: range.start, end: range.end }));
}
