import { rmSync } from 'node:fs';

// Every end-to-end run starts from an empty embedded database (then the app seeds its demo data).
rmSync(process.env.DATA_DIR ?? './.e2e-data', { recursive: true, force: true });
await import('@pid5/server/main');
