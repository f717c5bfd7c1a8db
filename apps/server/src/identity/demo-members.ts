/**
 * The demo members of the bundled development identity provider, and the claim that makes one an admin.
 * Kept apart from dev-identity-provider.ts so that the demo seed and the server's start can name them
 * without loading oidc-provider, which is loaded only when the development provider is started.
 */

export interface DemoMember {
  sub: string;
  name: string;
  email: string;
  role: 'admin' | 'clinician';
  picture?: string;
}

export const DEMO_MEMBERS: DemoMember[] = [
  { sub: 'demo-admin', name: 'Dr. Ada Admin', email: 'admin@demo.institute', role: 'admin' },
  { sub: 'demo-clinician-a', name: 'Dr. Carl Clinician', email: 'carl@demo.institute', role: 'clinician' },
  { sub: 'demo-clinician-b', name: 'Dr. Dana Doctor', email: 'dana@demo.institute', role: 'clinician' },
];

/** The dev provider puts admins in this group; the app maps groups=admins to the admin role. */
export const DEV_ADMIN_CLAIM = { claim: 'groups', value: 'admins' } as const;
