import { Outlet, useOutletContext } from 'react-router';
import type { TMe } from '@pid5/contract';
import { NoAccess } from './no-access';

/** The admin screens' one guard: a clinician sees 'No access' (the server refuses their data with 403 too). */
export default function AdminOnlyLayout() {
  const me = useOutletContext<TMe>();
  return me.role === 'admin' ? <Outlet context={me} /> : <NoAccess />;
}
