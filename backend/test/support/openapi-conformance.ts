import type { OpenAPIObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';

/**
 * Checks a JSON value against a schema of the OpenAPI 3.0 document, for the parts of the schema
 * language the app's document uses ($ref, allOf, oneOf, nullable, enum, the types, properties,
 * required, additionalProperties, items, minimum and maximum, and the uuid and date-time formats).
 *
 * Stricter than OpenAPI on one point, on purpose: an object may carry only the properties its
 * schema names (unless it allows more with `additionalProperties`), so a field added to an
 * answer without being described is found.
 */
export function conformanceProblems(
  document: OpenAPIObject,
  value: unknown,
  schema: SchemaObject | ReferenceObject,
  at = '$',
): string[] {
  const resolved = resolve(document, schema);
  if (value === null) {
    return resolved.nullable || resolved.type === undefined ? [] : [`${at} is null`];
  }
  if (resolved.allOf) {
    return resolved.allOf.flatMap((part) => conformanceProblems(document, value, part, at));
  }
  if (resolved.oneOf) {
    const matching = resolved.oneOf.filter(
      (option) => conformanceProblems(document, value, option, at).length === 0,
    );
    return matching.length === 1 ? [] : [`${at} matches ${matching.length} of oneOf`];
  }
  if (resolved.enum && !resolved.enum.includes(value)) {
    return [`${at} is ${JSON.stringify(value)}, not one of ${JSON.stringify(resolved.enum)}`];
  }
  switch (resolved.type) {
    case 'string':
      return stringProblems(value, resolved, at);
    case 'integer':
    case 'number':
      return numberProblems(value, resolved, at);
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at} is not a boolean`];
    case 'array':
      if (!Array.isArray(value)) return [`${at} is not an array`];
      return value.flatMap((item, index) =>
        resolved.items
          ? conformanceProblems(document, item, resolved.items, `${at}[${index}]`)
          : [],
      );
    case 'object':
    case undefined:
      return resolved.properties || resolved.type === 'object'
        ? objectProblems(document, value, resolved, at)
        : [];
    default:
      return [`${at}: the checker does not know type ${String(resolved.type)}`];
  }
}

function resolve(document: OpenAPIObject, schema: SchemaObject | ReferenceObject): SchemaObject {
  if (!('$ref' in schema)) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const found = document.components?.schemas?.[name];
  if (!found) throw new Error(`The document has no schema ${schema.$ref}`);
  return resolve(document, found);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function stringProblems(value: unknown, schema: SchemaObject, at: string): string[] {
  if (typeof value !== 'string') return [`${at} is not a string`];
  if (schema.format === 'uuid' && !UUID.test(value)) return [`${at} is not a uuid`];
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) {
    return [`${at} is not a date-time`];
  }
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) {
    return [`${at} does not match ${schema.pattern}`];
  }
  return [];
}

function numberProblems(value: unknown, schema: SchemaObject, at: string): string[] {
  if (typeof value !== 'number' || !Number.isFinite(value)) return [`${at} is not a number`];
  if (schema.type === 'integer' && !Number.isInteger(value)) return [`${at} is not an integer`];
  if (schema.minimum !== undefined && value < schema.minimum) {
    return [`${at} is below ${schema.minimum}`];
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    return [`${at} is above ${schema.maximum}`];
  }
  return [];
}

function objectProblems(
  document: OpenAPIObject,
  value: unknown,
  schema: SchemaObject,
  at: string,
): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${at} is not an object`];
  }
  const record = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  const problems = (schema.required ?? [])
    .filter((name) => !(name in record))
    .map((name) => `${at}.${name} is missing`);
  for (const [name, field] of Object.entries(record)) {
    const described = properties[name];
    if (described) {
      problems.push(...conformanceProblems(document, field, described, `${at}.${name}`));
    } else if (typeof schema.additionalProperties === 'object') {
      problems.push(
        ...conformanceProblems(document, field, schema.additionalProperties, `${at}.${name}`),
      );
    } else if (schema.additionalProperties !== true && schema.properties) {
      problems.push(`${at}.${name} is not described`);
    }
  }
  return problems;
}
