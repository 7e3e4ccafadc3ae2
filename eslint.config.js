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
 * Files of src/ that still import netlify/. src/lib/content/listing-loader.ts reads the published
 * listings and reviews from Postgres at build time through the functions' queries
 * (_shared/publishing.ts, _shared/reviews.ts): moving those queries to a src/server/ layer (which
 * may import postgres, while src/lib may not) would end this exception.
 */
const SRC_IMPORTING_NETLIFY = ['lib/content/listing-loader.ts'];

/**
 * Components that still import a feature (paths under src/components), each for its reason.
 * Checked by file name, so no two files anywhere under src/components may share these names.
 */
const COMPONENTS_IMPORTING_FEATURES = [
  // Opens features/inquiry's dialog from cards and from /compare; features/compare/page.ts loads
  // it too, so it cannot move into features/inquiry without one feature importing another.
  'program/request-dialog.tsx',
  // features/inquiry's InquiryActions marked for Astro's React renderer, for ProgramProfile.astro.
  'program/InquiryActionsIsland.ts',
];

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
  {
    // Every file of src/ but those of SRC_IMPORTING_NETLIFY (a glob on the file name).
    target: `./src/**/!(${SRC_IMPORTING_NETLIFY.map((file) => file.split('/').at(-1)).join('|')})`,
    from: './netlify',
    message:
      'src/ never imports netlify/, types included: the contract (src/api/contracts) or src/lib is the home of what both need.',
  },
  ...SRC_IMPORTING_NETLIFY.map((file) => ({
    target: `./src/${file}`,
    from: './netlify',
    except: ['./functions/_shared/publishing.ts', './functions/_shared/reviews.ts'],
    message:
      'Only the build-time queries of _shared/publishing.ts and _shared/reviews.ts, until they move to src/.',
  })),
  {
    // Every file of src/components but those of COMPONENTS_IMPORTING_FEATURES (by file name).
    target: `./src/components/**/!(${COMPONENTS_IMPORTING_FEATURES.map((file) => file.split('/').at(-1)).join('|')})`,
    from: './src/features',
    message:
      'A component never imports a feature: take the part as a prop and compose it where the island is built (src/islands).',
  },
  {
    target: ['./src/features', './src/components', './src/api', './src/ui', './src/lib'],
    from: './src/islands',
    message: 'src/islands composes features for the pages that hydrate them; nothing below imports it.',
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
