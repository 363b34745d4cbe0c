import type { OpenAPIObject, ParameterObject, SchemaObject } from '@nestjs/swagger';
import { getMetadataStorage, type ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import request from 'supertest';
import { documentedOperations } from '../support/openapi-answers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The request bodies the document publishes, compared field by field with what the validation
 * pipe accepts (class-validator's metadata of the same DTO classes): a client generated from the
 * document must send what the api takes, and nothing it refuses.
 */

type Conditional = typeof ValidationTypes.CONDITIONAL_VALIDATION;
/** A DTO class, as class-validator keys its metadata. */
type DtoClass = abstract new (...args: never[]) => unknown;

/** The schema type each validator implies (validators not listed imply none). */
const TYPE_OF_VALIDATOR: Record<string, string> = {
  isString: 'string',
  isEmail: 'string',
  isUrl: 'string',
  isUUID: 'string',
  matches: 'string',
  isWellFormedText: 'string',
  isBoolean: 'boolean',
  isInt: 'integer',
  isNumber: 'number',
  isArray: 'array',
  isObject: 'object',
};

interface AcceptedField {
  optional: boolean;
  /** IsOptional lets null through as well as a field left out. */
  nullable: boolean;
  types: Set<string>;
  enum?: unknown[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
}

/** The validation metadata of a class and of the classes it extends. */
function metadataOf(
  target: DtoClass,
  declared: Map<DtoClass, ValidationMetadata[]>,
): ValidationMetadata[] {
  const parent = Object.getPrototypeOf(target) as DtoClass | null;
  const inherited = parent && parent !== Function.prototype ? metadataOf(parent, declared) : [];
  return [...inherited, ...(declared.get(target) ?? [])];
}

/** Every DTO class that class-validator knows, with what it accepts per field. */
function acceptedBodies(): Map<string, Map<string, AcceptedField>> {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<DtoClass, ValidationMetadata[]>;
  };
  const classes = new Map<string, Map<string, AcceptedField>>();
  for (const target of storage.validationMetadatas.keys()) {
    const fields = new Map<string, AcceptedField>();
    for (const metadata of metadataOf(target, storage.validationMetadatas)) {
      const field = fields.get(metadata.propertyName) ?? {
        optional: false,
        nullable: false,
        types: new Set<string>(),
      };
      fields.set(metadata.propertyName, field);
      const name = metadata.name ?? metadata.type;
      if (metadata.type === ('conditionalValidation' satisfies Conditional)) {
        field.optional = true;
        if (metadata.name === 'isOptional') field.nullable = true;
      }
      if (TYPE_OF_VALIDATOR[name]) field.types.add(TYPE_OF_VALIDATOR[name]);
      if (name === 'isIn') field.enum = metadata.constraints[0] as unknown[];
      if (name === 'maxLength') field.maxLength = metadata.constraints[0] as number;
      if (name === 'minLength') field.minLength = metadata.constraints[0] as number;
      if (name === 'min') field.minimum = metadata.constraints[0] as number;
      if (name === 'max') field.maximum = metadata.constraints[0] as number;
    }
    classes.set(target.name, fields);
  }
  return classes;
}

function typeOf(schema: SchemaObject): string | undefined {
  if (schema.type) return schema.type as string;
  if (schema.enum) return typeof schema.enum[0];
  return undefined;
}

/**
 * The published schema of the type the validator checks: the field itself, or the branch of
 * its `oneOf` of that type (a field a transform turns into a number first, say).
 */
function publishedAs(schema: SchemaObject, types: string[]): SchemaObject {
  const branches = (schema.oneOf ?? []) as SchemaObject[];
  return branches.find((branch) => types.includes(typeOf(branch) ?? '')) ?? schema;
}

/**
 * A query DTO as the document publishes it: the operations whose query parameters are exactly
 * the class's fields, as one object schema (a query cannot carry null, so nullability is left
 * out of the comparison).
 */
function queriesOf(
  document: OpenAPIObject,
  accepted: Map<string, AcceptedField>,
): { where: string; schema: SchemaObject }[] {
  const fields = [...accepted.keys()].sort().join(',');
  return documentedOperations(document).flatMap(({ method, path, operation }) => {
    const query = (operation.parameters ?? []).filter(
      (p): p is ParameterObject => 'in' in p && p.in === 'query',
    );
    if (
      query.length === 0 ||
      query
        .map((p) => p.name)
        .sort()
        .join(',') !== fields
    )
      return [];
    const schema: SchemaObject = {
      type: 'object',
      properties: Object.fromEntries(
        query.map((p) => [
          p.name,
          { ...(p.schema as SchemaObject), nullable: accepted.get(p.name)!.nullable },
        ]),
      ),
      required: query.filter((p) => p.required).map((p) => p.name),
    };
    return [{ where: `${method.toUpperCase()} ${path}`, schema }];
  });
}

function problemsOf(name: string, schema: SchemaObject, accepted: Map<string, AcceptedField>) {
  const problems: string[] = [];
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set(schema.required ?? []);
  for (const field of Object.keys(properties)) {
    if (!accepted.has(field)) problems.push(`${name}.${field} is published but refused`);
  }
  for (const [field, rules] of accepted) {
    const published = properties[field];
    const label = `${name}.${field}`;
    if (!published) {
      problems.push(`${label} is accepted but not published`);
      continue;
    }
    if (rules.optional === required.has(field)) {
      problems.push(
        `${label} is ${rules.optional ? 'optional' : 'required'} but published otherwise`,
      );
    }
    if (rules.nullable !== (published.nullable === true)) {
      problems.push(
        `${label} ${rules.nullable ? 'accepts' : 'refuses'} null but is published otherwise`,
      );
    }
    const validatorTypes = [...rules.types];
    const checked = publishedAs(published, validatorTypes);
    const type = typeOf(checked);
    if (validatorTypes.length > 0 && !validatorTypes.includes(type ?? '')) {
      problems.push(
        `${label} is published as ${type ?? 'untyped'} but must be ${validatorTypes.join(' or ')}`,
      );
    }
    if (rules.enum && JSON.stringify(published.enum) !== JSON.stringify(rules.enum)) {
      problems.push(
        `${label} enum ${JSON.stringify(published.enum)} ≠ ${JSON.stringify(rules.enum)}`,
      );
    }
    for (const bound of ['maxLength', 'minLength', 'minimum', 'maximum'] as const) {
      if (rules[bound] !== undefined && checked[bound] !== rules[bound]) {
        problems.push(
          `${label} ${bound} is published as ${checked[bound]}, checked as ${rules[bound]}`,
        );
      }
    }
  }
  return problems;
}

describe('the published request bodies match what the validator accepts', () => {
  let app: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    app = await startTestApp();
    document = (await request(app.server).get('/api/openapi.json').expect(200))
      .body as OpenAPIObject;
  });
  afterAll(() => app.close());

  it('publishes each body field with the type, presence, nullability, enum and bounds it is checked for', () => {
    const bodies = acceptedBodies();
    const schemas = document.components?.schemas ?? {};
    const compared = Object.keys(schemas).filter((name) => bodies.has(name));
    expect(compared.length).toBeGreaterThan(20);
    const problems = compared.flatMap((name) =>
      problemsOf(name, schemas[name] as SchemaObject, bodies.get(name)!),
    );
    expect(problems).toEqual([]);
  });

  it('publishes each query parameter with the type, presence, enum and bounds it is checked for', () => {
    const schemas = document.components?.schemas ?? {};
    const queries = [...acceptedBodies()]
      .filter(([name]) => !(name in schemas))
      .flatMap(([name, accepted]) =>
        queriesOf(document, accepted).map(({ where, schema }) => ({
          name,
          where,
          schema,
          accepted,
        })),
      );
    expect(new Set(queries.map((q) => q.name)).size).toBeGreaterThan(5);
    const problems = queries.flatMap(({ name, where, schema, accepted }) =>
      problemsOf(`${where} ${name}`, schema, accepted),
    );
    expect(problems).toEqual([]);
  });

  it('publishes no body field as a bare object when the validator wants text', () => {
    const schemas = document.components?.schemas ?? {};
    const reasons = ['PatchPostDto', 'OptionalReasonDto', 'PatchReportDto'].flatMap((name) =>
      Object.entries(
        ((schemas[name] as SchemaObject).properties ?? {}) as Record<string, SchemaObject>,
      )
        .filter(([field]) => field === 'reason' || field === 'note')
        .map(([field, schema]) => [`${name}.${field}`, schema.type, schema.nullable]),
    );
    expect(reasons).toEqual([
      ['PatchPostDto.reason', 'string', true],
      ['OptionalReasonDto.reason', 'string', true],
      ['PatchReportDto.note', 'string', true],
    ]);
  });
});
