import type { DynamicModule } from '@nestjs/common';

const registered = new Map<string, DynamicModule>();

/**
 * A context module is imported by the app and by the contexts that use it: hand out one
 * dynamic module per configuration, so Nest builds it (and maps its routes) once.
 */
export function registerOnce(
  name: string,
  options: { api: boolean },
  build: () => DynamicModule,
): DynamicModule {
  const key = `${name}:${options.api}`;
  let module = registered.get(key);
  if (!module) {
    module = build();
    registered.set(key, module);
  }
  return module;
}
