import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    'node/index': 'src/node/index.ts',
    'webhooks/index': 'src/webhooks/index.ts',
    fn: 'src/fn.ts',
    control: 'src/control.ts',
    'listen/index': 'src/listen/index.ts',
    'streaming/index': 'src/streaming/index.ts',
    'tools/index': 'src/tools/index.ts',
    operations: 'src/operations.ts',
    log: 'src/log.ts',
  },
  target: 'node22',
  external: ['undici'],
};

export default defineConfig([
  { ...shared, format: ['esm'], dts: true },
  // Split like the ESM build, so every CommonJS entry shares one module for its classes: without
  // it each entry carried its own VapiError, and `instanceof` failed between `/node` and the root.
  { ...shared, format: ['cjs'], dts: true, splitting: true },
]);
