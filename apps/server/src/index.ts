// @pid5/server (package.json "exports" "."): what another workspace may start or open. The test and benchmark
// harness is @pid5/server/testing; `@pid5/server/main` starts the server as `npm start` does.

export { startServer, type RunningServer } from './server';
export { ConfigError, loadConfigOrExit, parseConfig, type AppConfig } from './config';
export { openDatabase, type Database, type DatabaseOptions, type Db } from './db/database';
export { startDevIdentityProvider, type DevIdentityProvider } from './identity/dev-identity-provider';
export type { DemoMember } from './identity/demo-members';
