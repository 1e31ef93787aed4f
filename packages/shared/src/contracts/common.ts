import { z } from 'zod';
import { ERROR_MESSAGES, type ErrorCode } from '../errors.ts';
import { LIST_MAX_LIMIT } from '../constants.ts';

export const isoDate = z.string().describe('ISO 8601 timestamp');

/**
 * A credential that travels in a header or a URL (a camera's user name and password in RTSP's
 * Authorization, ONVIF's WS-Security, an SMS provider's token): a line break there would start a
 * header of its own, so control characters are refused like they are in URLs.
 */
export const credential = (name: string, max: number, base = z.string()) =>
  base
    .max(max)
    .refine(
      (s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s),
      `the ${name} must not contain control characters (line breaks, tabs)`,
    );

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** Spec §7 query: where, orderBy, limit, startAfter. `where` travels as JSON in a GET. */
export const whereOps = ['==', '!=', '<', '<=', '>', '>=', 'in', 'contains'] as const;
export type WhereOp = (typeof whereOps)[number];
export const whereClauseSchema = z.object({
  field: z.string().min(1).max(64),
  op: z.enum(whereOps),
  value: z.union([
    z.string().max(200),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.union([z.string().max(200), z.number()])).max(50),
  ]),
});
export type WhereClause = z.infer<typeof whereClauseSchema>;

export const listQuerySchema = z.object({
  where: z.string().max(2000).optional().describe('JSON array of { field, op, value }'),
  orderBy: z
    .string()
    .regex(/^[a-zA-Z]+(:(asc|desc))?$/)
    .optional()
    .describe('field or field:desc'),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).optional(),
  startAfter: z.string().max(500).optional().describe('cursor from the previous page'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Spec §7: every client call resolves to one of these. */
export type Result<T> =
  | { success: true; data: T }
  | {
      success: false;
      /** `message` is the catalogue's; `detail` is the server's own words when they say more than it. */
      error: { code: ErrorCode | 'unknown'; message: string; fields?: Record<string, string>; detail?: string };
    };
