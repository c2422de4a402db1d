import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    'node/index': 'src/node/index.ts',
    'webhooks/index': 'src/webhooks/index.ts',
    fn: 'src/fn.ts',
    operations: 'src/operations.ts',
  },
  target: 'node22',
  external: ['undici'],
};

export default defineConfig([
  { ...shared, format: ['esm'], dts: true },
  { ...shared, format: ['cjs'], dts: true },
]);
