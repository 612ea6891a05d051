/**
 * Small builders for the JSON Schemas (draft-07) the games publish of their observations, so that each
 * schema reads like the type it describes. `object` closes the shape and requires every field: an
 * observation always carries all of its fields (absent facts are null or -1, never a missing key).
 */
import type { JsonSchema } from './game.js';

/** An integer, optionally bounded. */
export function int(minimum?: number, maximum?: number, description?: string): JsonSchema {
  const s: JsonSchema = { type: 'integer' };
  if (minimum !== undefined) s.minimum = minimum;
  if (maximum !== undefined) s.maximum = maximum;
  if (description) s.description = description;
  return s;
}

/** A string, optionally one of `values`. */
export function str(values?: readonly string[], description?: string): JsonSchema {
  const s: JsonSchema = { type: 'string' };
  if (values) s.enum = [...values];
  if (description) s.description = description;
  return s;
}

/** A boolean. */
export const bool: JsonSchema = { type: 'boolean' };

/** A list of `items`, optionally of a fixed length. */
export function list(items: JsonSchema, length?: number): JsonSchema {
  const s: JsonSchema = { type: 'array', items };
  if (length !== undefined) {
    s.minItems = length;
    s.maxItems = length;
  }
  return s;
}

/** The same value or null (a nullable `type`, and null added to an `enum`). */
export function orNull(schema: JsonSchema): JsonSchema {
  const type = schema.type as string;
  const s: JsonSchema = { ...schema, type: [type, 'null'] };
  if (Array.isArray(schema.enum)) s.enum = [...(schema.enum as unknown[]), null];
  return s;
}

/** A closed object: exactly these fields, all required. */
export function object(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  const s: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  };
  if (description) s.description = description;
  return s;
}

/** An observation: the shared `text` rendering plus the game's structured fields, closed. */
export function observationSchema(title: string, fields: Record<string, JsonSchema>): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title,
    ...object({ text: str(undefined, 'The observation rendered as text for language models.'), ...fields }),
  };
}
