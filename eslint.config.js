// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/** Every folder of src/features: each may import api/, ui/, lib/ and components/, never another feature. */
const FEATURES = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The layers, kept by the linter (docs/architecture.md): which folder may import which. The
 * messages say where the shared code belongs instead.
 */
const LAYER_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to src/api, src/ui or src/lib.',
  })),
  {
    target: ['./src/api', './src/ui', './src/lib'],
    from: './src/features',
    message: 'src/api, src/ui and src/lib are shared by every feature and never import one.',
  },
  {
    target: './netlify',
    from: './scripts',
    message: 'Functions never import scripts/: move the shared code to netlify/functions/_shared or src/lib.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.dist-next/',
      '.astro/',
      '.netlify/',
      '.data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'eslint.config.js',
      'astro.config.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...astro.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files an import leads to are TypeScript: without this parser no-cycle cannot read them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
    },
  },
  {
    // A function entry file is deployed on its own: it shares code only through _shared/.
    files: ['netlify/functions/**/*.{ts,mts}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.mts$',
              message:
                'Functions share code only through netlify/functions/_shared/, never by importing another function.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.astro'],
    ...tseslint.configs.disableTypeChecked,
  },
);
