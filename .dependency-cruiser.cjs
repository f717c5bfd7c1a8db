// The boundaries between the workspaces and between the server's layers (ARCHITECTURE.md, "Layers and the rules
// that hold them"). `npm run lint` runs this; any violation fails it.

const { SERVER, COMPOSITION, FOUNDATION } = require('./scripts/server-layers.cjs');

const TESTS = '\\.test\\.tsx?$';

/** `from` (not a test) must not import `to`. */
function layerRule(name, comment, from, to) {
  return { name, comment, severity: 'error', from: { path: from, pathNot: TESTS }, to: { path: to } };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles, between files or through any chain of them, type-only imports included: a cycle of types ' +
        'is a sign that a type lives beside code that needs it less than its other users do.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-not-on-apps',
      comment: 'packages/ are the shared base: they import nothing from apps/ (nor from bench/ or e2e/).',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|bench|e2e)/' },
    },
    {
      name: 'web-not-on-server',
      comment: 'The web app talks to the server over HTTP only; what both need is in packages/contract.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'no-relative-import-into-another-workspace',
      comment:
        'Another workspace is reached by its package name and declared entry points (package.json "exports", ' +
        'e.g. @pid5/server/testing), never by a relative path into its folders.',
      severity: 'error',
      from: { path: '^(apps/[^/]+|packages/[^/]+|bench|e2e)/' },
      to: { dependencyTypes: ['local'], pathNot: '^$1/' },
    },
    layerRule(
      'server-production-code-not-on-test-code',
      "The server's production code never imports its test harness, doubles or helpers (apps/server/test/).",
      SERVER,
      '^apps/server/test/',
    ),
    layerRule(
      'server-foundation-stays-below',
      'lib/, db/, i18n/, data/, errors.ts, config.ts and config/ are the foundation: they import no layer above them.',
      FOUNDATION,
      `${SERVER}(audit|reports|identity|http|modules|integrations)/|${COMPOSITION}`,
    ),
    layerRule(
      'audit-and-reports-below-identity',
      'audit/ (the audit log) and reports/ (PDF drawing) import only the foundation and packages/.',
      `${SERVER}(audit|reports)/`,
      `${SERVER}(identity|http|modules|integrations)/|${COMPOSITION}`,
    ),
    layerRule(
      'identity-below-http-and-modules',
      'identity/ (sessions, passwords, login providers) is below http/ and the modules; it knows no provider of its ' +
        'own kind in integrations/ (Wix depends on identity, never the other way round).',
      `${SERVER}identity/`,
      `${SERVER}(http|modules|integrations)/|${COMPOSITION}`,
    ),
    layerRule(
      'http-not-on-modules',
      'http/ (access control, errors, headers, static files) serves every module and reaches into none.',
      `${SERVER}http/`,
      `${SERVER}(modules|integrations)/|${COMPOSITION}`,
    ),
    layerRule(
      'modules-not-on-integrations',
      'Modules know no integration and no composition: the composition root hands them what they need.',
      `${SERVER}modules/`,
      `${SERVER}integrations/|${COMPOSITION}`,
    ),
    layerRule(
      'integrations-not-on-composition',
      'Integrations are handed their dependencies by the composition root too.',
      `${SERVER}integrations/`,
      COMPOSITION,
    ),
    {
      name: 'routes-do-not-audit',
      comment:
        'Audit rows are written by services (the one place every read and change is recorded), never by a route.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: `${SERVER}audit/audit-log-writer\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'modules-not-on-other-modules-repos',
      comment: "A module's repo is its own: another module uses that module's service (or presenter), never its SQL.",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/[^/]+/[^/]+\\.repo\\.ts$`, pathNot: `${SERVER}modules/$1/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results|playwright-report)/' },
    // Type-only imports are dependencies too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
