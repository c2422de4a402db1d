// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const siteFeatures = readdirSync(new URL('./site/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * `x as unknown as T` tells the compiler to stop checking: each one says why it holds, in a
 * `// why:` comment on its line or one of the three lines above.
 */
const whyComment = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: { missing: 'Say why this double cast holds in a `// why:` comment just above it.' },
  },
  create(context) {
    const comments = context.sourceCode.getAllComments();
    return {
      'TSAsExpression > TSAsExpression.expression'(node) {
        if (node.typeAnnotation.type !== 'TSUnknownKeyword') return;
        const line = node.loc.start.line;
        const explained = comments.some(
          (c) => /^\s*why:/.test(c.value) && c.loc.end.line <= line && c.loc.end.line >= line - 3,
        );
        if (!explained) context.report({ node: node.parent, messageId: 'missing' });
      },
    };
  },
};

/** DESIGN.md: dependencies flow one way. */
const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/build/**',
      '**/node_modules/**',
      '**/.tsbuild/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'docs/api/**',
      '**/generated/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['site/src/**/*.{ts,tsx}', 'site/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Type-aware rules for source files (tests and scripts stay on the fast syntactic rules):
  // promises that are dropped or passed where a callback's result is ignored, and assertions
  // the types already guarantee.
  {
    files: [
      '*/src/**/*.{ts,tsx}',
      'packages/*/src/**/*.{ts,tsx}',
      'site/server/**/*.ts',
      'site/contract/**/*.ts',
      'site/common/**/*.ts',
    ],
    // src/**/testing holds test helpers: they belong to site/tsconfig.test.json, whose program
    // (every site test) cost ~10 CPU-s to build for this one folder.
    ignores: ['**/*.test.{ts,tsx}', 'site/server/test/**', '**/src/**/testing/**'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { voxdesk: { rules: { 'why-comment': whyComment } } },
    rules: {
      'voxdesk/why-comment': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // A union switch with a default is exhaustive; one without names every member.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      // undici marks Body.formData() deprecated for servers: it buffers the whole body. Our
      // callers read only bounded bodies (the fake Vapi, the CLI's dry run).
      '@typescript-eslint/no-deprecated': [
        'error',
        { allow: [{ from: 'package', package: 'undici-types', name: 'formData' }] },
      ],
    },
  },

  // The SDK imports nothing from the repo, and its core no Node built-ins (it runs on
  // browsers and edge runtimes); Node extras live under sdk/src/node/.
  boundary(['sdk/src/**'], [{ group: ['@voxdesk/*'], message: 'The SDK depends on nothing in the repo.' }]),
  {
    files: ['sdk/src/**'],
    ignores: ['sdk/src/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@voxdesk/*'], message: 'The SDK depends on nothing in the repo.' },
            {
              group: ['node:*', 'undici'],
              message: 'Node-only imports belong in sdk/src/node (the @voxdesk/sdk/node entry).',
            },
          ],
        },
      ],
    },
  },
  // The CLI builds on the SDK only (tests may use the fake Vapi).
  boundary(
    ['cli/src/**'],
    [
      {
        group: ['@voxdesk/*', '!@voxdesk/sdk', '!@voxdesk/sdk/*'],
        message: 'The CLI may import only @voxdesk/sdk.',
      },
    ],
  ),
  boundary(
    ['packages/auth/src/**'],
    [{ group: ['@voxdesk/*'], message: '@voxdesk/auth depends on nothing in the repo.' }],
  ),
  // The fake Vapi stands in for Vapi, which the SDK describes: it may use the SDK's types and
  // rows, nothing else of ours.
  boundary(
    ['packages/vapi-mock/src/**'],
    [
      {
        group: ['@voxdesk/*', '!@voxdesk/sdk', '!@voxdesk/sdk/*'],
        message: 'The fake Vapi may import only @voxdesk/sdk.',
      },
    ],
  ),
  // The /api contract (site/contract) sits below both the server and the browser program: types
  // only, importing nothing of the site and, of the repo, only the lead record.
  {
    files: ['site/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.',
              message: 'The /api contract imports nothing of the site: the server and the browser import it.',
            },
            {
              regex: '^@voxdesk/(?!auth/lead-record$)',
              message: 'The /api contract may import only @voxdesk/auth/lead-record.',
            },
          ],
        },
      ],
    },
  },
  // site/common holds the code both the server and the browser program run (the page list, the
  // site settings, the date formatter, the WebVTT cues): it imports nothing of the site outside
  // itself and nothing of the repo, so both sides import it downward.
  {
    files: ['site/common/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message: 'site/common imports only its own modules: the server and the browser import it.',
            },
            { group: ['@voxdesk/*'], message: 'site/common depends on nothing in the repo.' },
          ],
        },
      ],
    },
  },
  // The server runs on the store and the SDK. Fakes are for its tests. It reaches the /api types
  // through site/contract and the code it shares with the browser through site/common, never
  // site/src.
  {
    files: ['site/server/**'],
    ignores: ['site/server/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@voxdesk/cli',
                '@voxdesk/cli/*',
                '@voxdesk/vapi-mock',
                '@voxdesk/vapi-mock/*',
                '@voxdesk/auth/testing*',
              ],
              message: 'The server runs on @voxdesk/auth and @voxdesk/sdk; fakes belong in its tests.',
            },
            {
              regex: '^(\\.\\./)+src/',
              message:
                'The server never imports browser code: shared code lives in site/common, /api types in site/contract.',
            },
          ],
        },
      ],
    },
  },
  // The site's browser code never reaches the server or the auth store. Types may cross: the
  // typed /api client reads the server's route table as a type (erased from the bundle).
  {
    files: ['site/src/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'Browser code talks to the server over /api only (type imports are fine).',
            },
            {
              // Except lead-record (the one lead status list) and password-rules (the one password
              // policy, for the strength meter): no imports, no Node code.
              regex: '^@voxdesk/auth(?!/(lead-record|password-rules)$)(/.*)?$',
              allowTypeImports: true,
              message: 'Browser code talks to the server over /api only (type imports are fine).',
            },
          ],
        },
      ],
    },
  },

  // Site features do not import each other: shared UI lives in site/src/shared, and the app
  // (site/src/app) composes features.
  {
    files: ['site/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver?.({ extensions: ['.ts', '.tsx', '.js'] })].filter(
        Boolean,
      ),
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...siteFeatures.map((feature) => ({
              target: `./site/src/features/${feature}`,
              from: './site/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; move shared code to site/src/shared.',
            })),
            {
              target: './site/src/features',
              from: './site/src/app',
              message: 'Features must not depend on the app shell.',
            },
            {
              target: './site/src/shared',
              from: ['./site/src/features', './site/src/app'],
              message: 'Shared code must not depend on features or the app.',
            },
          ],
        },
      ],
    },
  },
);
