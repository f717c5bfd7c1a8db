import { loadConfigOrExit, startServer } from '@pid5/server';
import { addFloorRoutes } from './floor-routes';

// The server as main.ts starts it, with the benchmarks' floor routes added (floor-routes.ts). Stopped by a signal's
// default action: the bench throws its databases away after.

const server = await startServer(loadConfigOrExit(), { extend: addFloorRoutes });
server.database.onLost(() => process.exit(1));
