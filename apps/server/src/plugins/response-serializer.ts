import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Json = Record<string, unknown>;

/**
 * What a compiled serializer writes, property by property, is only what the schema declares: an
 * extra field (a password hash on a row) never leaves, as with zod's encode. JSON Schema keywords
 * that only restrict a value (lengths, patterns, ranges) do not change what is written.
 */
const isNullOnly = (s: unknown) => (s as Json | undefined)?.type === 'null';

/**
 * zod's JSON Schema spells "or null" as anyOf [X, null]; the compiled serializer would check every
 * answer against each branch. `nullable` says the same and is written without a check.
 */
function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) out[k] = normalise(v);
  const anyOf = out.anyOf as unknown[] | undefined;
  const other = Array.isArray(anyOf) && anyOf.length === 2 ? (anyOf.find((s) => !isNullOnly(s)) as Json) : undefined;
  // Only a branch of one type: `nullable` beside a union (oneOf without a type) fails at its first answer.
  if (other && anyOf!.some(isNullOnly) && typeof other.type === 'string') {
    const { anyOf: _drop, ...rest } = out;
    return { ...rest, ...other, nullable: true };
  }
  return out;
}

/** The JSON Schema of a response's zod schema, or null when it cannot be written as one. */
export function responseJsonSchema(schema: z.ZodType): Json | null {
  try {
    // The shape a handler hands over (encode's input), as zod's own serializer reads it.
    const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' }) as Json;
    delete json.$schema;
    return normalise(json) as Json;
  } catch {
    return null;
  }
}

/**
 * Answers are written by a serializer compiled from the route's response schema
 * (fast-json-stringify) rather than checked by zod and then given to JSON.stringify: on a cheap
 * read such as GET /api/v1/me that was a tenth of the request's CPU (docs/decisions/0016).
 * A schema that JSON Schema cannot express (a custom type, a Date) keeps zod's serializer. Checks on
 * a value (refinements, lengths) are not repeated on the way out: the handler's types hold them.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> = (route) => {
  // Compiled at a route's first answer, not at start: two hundred routes' compilers would lengthen every start.
  let write: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    write ??= compile(route);
    return write(data);
  };
};

function compile(route: Parameters<typeof zodSerializerCompiler>[0]): (data: unknown) => string {
  const schema = route.schema as z.ZodType | { properties?: unknown };
  const zodSchema = schema instanceof z.ZodType ? schema : schema.properties;
  const json = zodSchema instanceof z.ZodType ? responseJsonSchema(zodSchema) : null;
  const byZod = zodSerializerCompiler(route) as (data: unknown) => string;
  if (!json) return byZod;
  let fast: (data: unknown) => string;
  try {
    fast = fastJson(json as unknown as Parameters<typeof fastJson>[0]);
  } catch {
    return byZod; // a schema the compiler refuses
  }
  return (data) => {
    try {
      return fast(data);
    } catch {
      // Some parts of a schema are compiled at their first value (a union's branches): whatever the
      // compiled writer cannot write, zod's serializer writes, or refuses as before (a 500).
      return byZod(data);
    }
  };
}
