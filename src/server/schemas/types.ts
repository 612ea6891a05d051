/**
 * Request types from the route schemas. A route declared on `app.withTypeProvider<SchemaTypes>()` gets
 * its params, query, headers and body typed from the JSON Schemas it validates them with
 * (json-schema-to-ts reads each `as const` schema), so a handler's types cannot drift from what Fastify
 * accepts. Answers are left untyped here: the routes write them through the presenter and the answer
 * serialiser, and the contract test validates real answers against the published schemas.
 */
import type {
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

export interface SchemaTypes extends FastifyTypeProvider {
  validator: this['schema'] extends JSONSchema ? FromSchema<this['schema']> : unknown;
  serializer: unknown;
}

/** The type of what a schema accepts. */
export type Accepted<S extends JSONSchema> = FromSchema<S>;

/**
 * The request a route with the schemas `S` (`{params, querystring, headers, body}`, `as const`) hands
 * its handler, typed as `withTypeProvider<SchemaTypes>()` types it: for handlers written as functions of
 * their own, beside the route that passes them the request.
 */
export type SchemaRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  SchemaTypes
>;
