import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
} from 'fastify';
import { z } from 'zod';
import type { Access } from '../plugins/access.ts';

/**
 * How a module declares its API routes: who may call (`access`), what the route does (`summary`,
 * for the API docs), the zod schemas of its inputs and of its answer, and the success status.
 * It writes the `config.access` / `schema` nesting every route shares, and answers 201 with the
 * handler's value or 204 with nothing, so a route says only what is its own.
 */

/** The `:id` of a single object's routes. */
export const idParams = z.object({ id: z.string().uuid() });

type Schema = z.ZodType;
type In<T> = T extends Schema ? z.output<T> : unknown;
type Out<T> = T extends Schema ? z.input<T> : unknown;

/** The route's `config` (who may call, and the other per-route rules of the plugins) and its schemas. */
export interface ApiRouteSpec<P, Q, B, R> extends Omit<FastifyContextConfig, 'access'> {
  access: Access;
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The success answer's schema (under `status`). */
  response?: R;
  /** 201: the handler's value is created; 204: the handler's value is dropped, nothing is answered. */
  status?: 200 | 201 | 202 | 204;
  bodyLimit?: number;
  /** Extra schema keys (consumes, produces, hide, more answers). */
  schema?: Omit<FastifySchema, 'params' | 'querystring' | 'body'>;
}

export type ApiRequest<P, Q, B> = FastifyRequest<{ Params: In<P>; Querystring: In<Q>; Body: In<B> }>;
type Answer<R> = Out<R> | FastifyReply;
type Handler<P, Q, B, R> = (req: ApiRequest<P, Q, B>, reply: FastifyReply) => Answer<R> | Promise<Answer<R>>;

function declare(app: FastifyInstance, tags: string[], method: HTTPMethods) {
  return <P = undefined, Q = undefined, B = undefined, R = undefined>(
    url: string,
    spec: ApiRouteSpec<P, Q, B, R>,
    handler: Handler<P, Q, B, R>,
  ) => {
    const status = spec.status ?? 200;
    const schema: FastifySchema = { tags, summary: spec.summary };
    if (spec.params) schema.params = spec.params;
    if (spec.querystring) schema.querystring = spec.querystring;
    if (spec.body) schema.body = spec.body;
    if (spec.response) schema.response = { [status]: spec.response };
    const { response: moreAnswers, ...moreSchema } = spec.schema ?? {};
    Object.assign(schema, moreSchema);
    if (moreAnswers) schema.response = { ...(schema.response as object), ...(moreAnswers as object) };
    const { access, fieldCodes, callable, twoFactorExempt } = spec;
    const config: FastifyContextConfig = { access };
    if (fieldCodes) config.fieldCodes = fieldCodes;
    if (callable) config.callable = callable;
    if (twoFactorExempt) config.twoFactorExempt = twoFactorExempt;
    const run = handler as (req: FastifyRequest, reply: FastifyReply) => unknown;
    app.route({
      method,
      url,
      ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
      config,
      schema,
      handler:
        status === 200
          ? run
          : async (req, reply) => {
              const value = await run(req, reply);
              return status === 204 ? reply.status(204).send() : reply.status(status).send(value);
            },
    });
  };
}

interface RouteDoc {
  access: Access;
  summary: string;
}

/**
 * The service behind one object's routes: each method takes the caller (as the module's `actor`
 * reads it from the request) and the object's id, and for a change the validated body.
 */
export interface ObjectService<A, G, UB, U> {
  get?(actor: A, id: string): Promise<G>;
  update?(actor: A, id: string, body: UB): Promise<U>;
  remove?(actor: A, id: string): Promise<unknown>;
}

/** Which of an object's routes exist (GET, PATCH, DELETE at the same `/:id` URL) and what they say. */
export interface ObjectRoutes<GR, UB, UR> {
  get?: RouteDoc & { response: GR };
  update?: RouteDoc & { body: UB; response: UR };
  remove?: RouteDoc;
}

/** The route declarations of one module, its routes grouped under `tags` in the API docs. */
export function apiRoutes(app: FastifyInstance, tags: string[]) {
  const route = {
    get: declare(app, tags, 'GET'),
    post: declare(app, tags, 'POST'),
    put: declare(app, tags, 'PUT'),
    patch: declare(app, tags, 'PATCH'),
    delete: declare(app, tags, 'DELETE'),
    /**
     * One object's routes at `url` (its `:id` a uuid): read it (GET), change it (PATCH, the body
     * validated) and delete it (DELETE, 204), each by the service's method of that name.
     */
    object<A, GR extends Schema, UB extends Schema, UR extends Schema>(
      url: string,
      actor: (req: FastifyRequest) => A,
      service: ObjectService<A, Out<GR>, In<UB>, Out<UR>>,
      routes: ObjectRoutes<GR, UB, UR>,
    ) {
      const { get, update, remove } = service;
      const missing = (name: string) => new Error(`${url}: the service has no ${name}()`);
      if (routes.get) {
        if (!get) throw missing('get');
        route.get(url, { ...routes.get, params: idParams }, (req) => get.call(service, actor(req), req.params.id));
      }
      if (routes.update) {
        if (!update) throw missing('update');
        route.patch(url, { ...routes.update, params: idParams }, (req) =>
          update.call(service, actor(req), req.params.id, req.body as In<UB>),
        );
      }
      if (routes.remove) {
        if (!remove) throw missing('remove');
        const spec = { ...routes.remove, params: idParams, status: 204 as const };
        route.delete(url, spec, (req) => remove.call(service, actor(req), req.params.id));
      }
    },
  };
  return route;
}
