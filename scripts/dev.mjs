// `npm run dev`: the API with reload on change (:3000) and Vite's dev server with hot reload (:5173).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@pid5/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
