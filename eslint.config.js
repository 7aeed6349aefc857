import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import globals from 'globals';

/** Code linted with type information: all of our TypeScript. */
const TYPED = ['packages/shared/**/*.ts', 'apps/web/**/*.{ts,tsx}', 'apps/server/**/*.ts', 'bench/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tmp/**',
      'data/**',
      'apps/server/migrations/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: TYPED,
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Numbers print the same everywhere; what the rule must still catch is null, undefined
      // and objects ending up in a string.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allowAny: false,
          allowBoolean: false,
          allowNever: false,
          allowNullish: false,
          allowRegExp: false,
        },
      ],
      // `onClick={() => setOpen(false)}` is the React idiom; a void value used anywhere else
      // (assigned, returned from a block, passed on) is still reported.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // In a test, `found!` asserts what the test just looked up: were it missing, the test fails
    // at that line, which is what an assertion is for. Likewise tests read the API's JSON answers
    // untyped (`res.json().data.id`) and assert on them: a wrong shape fails the assertion there,
    // so the rules against `any` flowing on guard production code, not these reads.
    files: ['**/*.test.{ts,tsx}', 'apps/web/e2e/**/*.ts', 'apps/server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowAny: true }],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Fastify plugins and hooks are async by contract (FastifyPluginAsync, async hooks signal
      // completion by their promise), whether or not their body awaits anything.
      '@typescript-eslint/require-await': 'off',
      // With noUncheckedIndexedAccess every `rows[0]` is `T | undefined`: after `insert …
      // returning()` or inside a loop bounded by the array's length, `!` states what the line
      // before established. Reviewed uses only; the web and shared code keep the rule.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [jsxA11y.configs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
