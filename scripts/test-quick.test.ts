import { describe, expect, it } from 'vitest';
import { planQuickChecks, readWorkspaces, workspacesToTypecheck } from './test-quick.mjs';

// The repository's own workspaces, as the quick loop reads them.
const workspaces = readWorkspaces();

function plan(changed: string[], files: string[] = []) {
  return planQuickChecks(changed, {
    workspaces,
    exists: (path: string) => files.includes(path),
    listFolder: (folder: string) =>
      files.filter((f) => f.startsWith(`${folder}/`)).map((f) => f.slice(folder.length + 1)),
  }).flat();
}
const names = (steps: ReturnType<typeof plan>) => steps.filter((s) => !s.skip).map((s) => s.name);

describe('npm run test:quick', () => {
  it('typechecks a changed shared package and every workspace that uses it, however indirectly', () => {
    expect(workspacesToTypecheck(['packages/i18n/src/languages.ts'], workspaces).sort()).toEqual(
      ['apps/server', 'apps/web', 'bench', 'e2e', 'packages/contract', 'packages/i18n'].sort(),
    );
    expect(workspacesToTypecheck(['apps/web/src/routes.tsx'], workspaces)).toEqual(['apps/web']);
  });

  it('typechecks the workspaces that read a changed catalogue (the web app types its keys from them)', () => {
    expect(workspacesToTypecheck(['packages/i18n/catalogues/de/staff.json'], workspaces)).toContain('apps/web');
  });

  it('always runs the catalogue and reference checks, and each typecheck as its own step beside the others', () => {
    const steps = plan(['packages/i18n/catalogues/de/staff.json']);
    expect(names(steps)).toContain('message catalogues and references (whole tree)');
    expect(steps.find((s) => s.name.startsWith('message catalogues'))?.commands).toEqual([
      ['node', 'scripts/check-catalogues.mjs'],
      ['node', 'scripts/check-doc-links.mjs'],
    ]);
    expect(names(steps).filter((n) => n.startsWith('typecheck'))).toHaveLength(6);
    expect(names(plan(['README.md']))).toEqual([
      'eslint and prettier on 1 changed files',
      'message catalogues and references (whole tree)',
    ]);
  });

  it('runs the integration tests of the server folders touched and the web tests beside a changed page', () => {
    const files = [
      'apps/server/src/modules/messages/messages.int.test.ts',
      'apps/server/src/modules/results/results.int.test.ts',
      'apps/web/src/pages/clinician/dashboard-page.test.tsx',
      'apps/web/src/components/charts/chart-text.test.ts',
    ];
    const steps = plan(
      [
        'apps/server/src/modules/messages/messages.service.ts',
        'apps/web/src/pages/clinician/dashboard-page.tsx',
        'apps/web/src/components/charts/chart-text.ts',
      ],
      files,
    );
    expect(steps.find((s) => s.name.startsWith('integration'))?.commands[0]).toEqual([
      'npx',
      'vitest',
      'run',
      '--project',
      'integration',
      'apps/server/src/modules/messages/messages.int.test.ts',
    ]);
    // A web .test.ts outside api/ is a unit test: both projects are named, or vitest finds no file to run.
    expect(steps.find((s) => s.name.startsWith('web'))?.commands[0]).toEqual([
      'npx',
      'vitest',
      'run',
      '--project',
      'web',
      '--project',
      'unit*',
      'apps/web/src/pages/clinician/dashboard-page.test.tsx',
      'apps/web/src/components/charts/chart-text.test.ts',
    ]);
  });
});
