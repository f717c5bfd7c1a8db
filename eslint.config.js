// One lint configuration for every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Attributes whose text a person reads or hears. */
const PERSON_READS = 'label|title|placeholder|description|aria-label|aria-valuetext|alt|error|message|tooltip';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/playwright-report/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      curly: 'error',
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Every word a person reads comes from a catalogue (packages/i18n/catalogues), so it exists in every language:
    // no text written into the markup, nor into the attributes a person reads or hears.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'JSXText[value=/[A-Za-z]{2,}/]',
          ...[':matches(JSXElement, JSXFragment)', `JSXAttribute[name.name=/^(${PERSON_READS})$/]`].flatMap((place) => [
            `${place} > Literal[value=/[A-Za-z]{2,}/]`,
            `${place} > JSXExpressionContainer > Literal[value=/[A-Za-z]{2,}/]`,
            `${place} > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=/[A-Za-z]{2,}/]`,
            `${place} > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]{2,}/]`,
          ]),
        ].map((selector) => ({
          selector,
          message: 'User-facing text belongs in a catalogue (packages/i18n/catalogues), shown with t().',
        })),
      ],
    },
  },
  {
    // pdfkit's private parts are touched in one module only, the place to look when upgrading pdfkit (ARCHITECTURE.md).
    files: ['**/*.{ts,tsx}'],
    ignores: ['apps/server/src/reports/pdfkit-internals.ts', 'apps/server/src/reports/pdfkit-internals.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          '_font',
          '_fontSize',
          '_fontFamilies',
          '_fontCount',
          '_registeredFonts',
          'layoutCache',
          'includeGlyph',
          'addContent',
        ].map((property) => ({
          property,
          message: 'A pdfkit internal: reach it through apps/server/src/reports/pdfkit-internals.ts.',
        })),
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
  {
    // .dependency-cruiser.cjs: the tool reads a CommonJS config, which requires the layers it shares with a test.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
