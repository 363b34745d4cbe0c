import { SwaggerModule } from '@nestjs/swagger';
import metadata from './metadata';

/**
 * Where @nestjs/swagger lists a model's properties, in the order the document shows them. Not
 * exported by the package; the api's order test (test/api/openapi-metadata.api.spec.ts) fails if
 * it ever changes.
 */
const PROPERTIES_KEY = 'swagger/apiModelPropertiesArray';

type Model = abstract new (...args: never[]) => unknown;

/**
 * Gives the views and DTOs what the swagger plugin inferred from their types and doc comments
 * (src/metadata.ts, written by scripts/openapi-metadata.js); the decorators left on them add what
 * a type cannot say and win over the plugin.
 */
export async function loadPluginMetadata(): Promise<void> {
  await SwaggerModule.loadPluginMetadata(metadata);
  const orders = new Map<Model, string[]>();
  for (const [file, classes] of (await metadata())['@nestjs/swagger'].models) {
    const exported = (await file) as Record<string, Model>;
    for (const [name, properties] of Object.entries(classes)) {
      orders.set(exported[name], Object.keys(properties));
    }
  }
  for (const model of orders.keys()) inDeclarationOrder(model, orders);
}

/**
 * The plugin's properties are listed after the decorated ones; this puts every property back in
 * the order the class and its parents declare it, as when each one had a decorator.
 */
function inDeclarationOrder(model: Model, orders: Map<Model, string[]>): void {
  const order = new Set([...declaredOrder(model, orders), ...listed(model)]);
  Reflect.defineMetadata(
    PROPERTIES_KEY,
    [...order].map((property) => `:${property}`),
    model.prototype,
  );
}

/** A model's properties, its parents' first; the plugin's order where it read the class. */
function declaredOrder(model: Model, orders: Map<Model, string[]>): string[] {
  const parent = Object.getPrototypeOf(model) as Model | null;
  const inherited = parent?.prototype ? declaredOrder(parent, orders) : [];
  return [...new Set([...inherited, ...(orders.get(model) ?? listed(model))])];
}

/** The properties swagger lists for a model now (its parents' included). */
function listed(model: Model): string[] {
  const keys = (Reflect.getMetadata(PROPERTIES_KEY, model.prototype) ?? []) as string[];
  return keys.map((key) => key.slice(1));
}
