import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { errorResponses, errorResponsesFor, errorSchemas } from './openapi-errors.ts';
import { openApiPath, operationIdFor } from './openapi-names.ts';

type Json = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI document at /api/openapi.json, as a client generator and a linter want it: every
 * operation named (openapi-names.ts) and answering the catalogue's errors (openapi-errors.ts), the
 * installation's address under `servers`, and the schema forms OpenAPI 3.0 has no word for
 * rewritten in ones it has.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config, version: string): Promise<void> {
  /** `METHOD /path` of the operations reachable without a session or key. */
  const publicOps = new Set<string>();
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vigil API', version, description: 'Camera and video-surveillance management.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'vigil_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: (input: TransformInput) => {
      const out = jsonSchemaTransform(input);
      const methods = [input.route.method].flat();
      const path = openApiPath(input.url);
      if (input.route.config?.access?.kind === 'public') for (const m of methods) publicOps.add(`${m} ${path}`);
      // A route's own schema.operationId wins over the rule.
      const own = (input.schema as { operationId?: string } | undefined)?.operationId;
      return { ...out, schema: { ...out.schema, operationId: own ?? operationIdFor(methods[0]!, input.url) } };
    },
    transformObject: (documentObject) =>
      completeDocument((documentObject as { openapiObject: Json }).openapiObject, config.publicUrl, publicOps),
  });
}

function completeDocument(doc: Json, publicUrl: string, publicOps: Set<string>): Json {
  doc.servers = [{ url: publicUrl, description: 'This installation (PUBLIC_URL)' }];
  const components = (doc.components ?? {}) as Json;
  components.schemas = { ...(components.schemas as Json), ...errorSchemas };
  components.responses = { ...(components.responses as Json), ...errorResponses };
  doc.components = components;
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const isPublic = publicOps.has(`${method.toUpperCase()} ${path}`);
      // The document's default asks for a bearer or the session cookie; these ask for neither.
      if (isPublic) op.security ??= [];
      const errors = errorResponsesFor({ method, path, isPublic });
      const responses = (op.responses ?? {}) as Json;
      for (const [status, response] of Object.entries(errors)) responses[status] ??= response;
      op.responses = responses;
    }
  }
  normalizeSchemas(doc);
  return doc;
}

/**
 * Two forms the zod converter writes that OpenAPI 3.0 refuses or frowns at: `nullable` beside a
 * `oneOf`/`anyOf` but no `type` (given the branches' common type), and a tuple of like members as
 * `items.anyOf` repeating one schema (kept once).
 */
export function normalizeSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) normalizeSchemas(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const unique = [...new Map(branches.map((b) => [JSON.stringify(b), b])).values()];
    if (unique.length === 1) {
      delete schema[key];
      Object.assign(schema, unique[0]);
    } else schema[key] = unique;
  }
  if (schema.nullable === true && schema.type === undefined) {
    const branches = (schema.oneOf ?? schema.anyOf ?? []) as Json[];
    const types = new Set(branches.map((b) => b.type));
    if (types.size === 1 && typeof branches[0]?.type === 'string') schema.type = branches[0].type;
  }
  for (const value of Object.values(schema)) normalizeSchemas(value);
}
