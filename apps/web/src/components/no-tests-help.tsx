import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { TMe } from '@pid5/contract';

/**
 * Why Create Test is disabled and what to do: an admin grants tests (to themselves too); a clinician
 * buys them in the institute's store when one is configured (TESTS_STORE_URL, e.g. the Wix store), else asks.
 */
export function NoTestsHelp({ me }: { me: TMe }) {
  if (me.role === 'admin') {
    return (
      <>
        You have no tests left. To create one,{' '}
        <Anchor component={Link} to="/admin/credits" inherit>
          grant tests
        </Anchor>{' '}
        to yourself.
      </>
    );
  }
  if (me.institute.testsStoreUrl) {
    return (
      <>
        You have no tests left.{' '}
        <Anchor href={me.institute.testsStoreUrl} target="_blank" rel="noopener noreferrer" inherit>
          Buy tests in the institute&apos;s store
        </Anchor>
        ; they are added to your account when you next sign in.
      </>
    );
  }
  return <>You have no tests left. Ask your admin for more tests.</>;
}
