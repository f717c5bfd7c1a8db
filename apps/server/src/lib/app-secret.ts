import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config';

/**
 * The server's secret (patient link codes are derived from it). In production it must come from
 * APP_SECRET (config.ts refuses to start without it); on a development machine it is created once
 * in the data folder, so `npm start` needs no set-up and links survive restarts.
 */
export function resolveAppSecret(config: Pick<AppConfig, 'appSecret' | 'dataDir'>): string {
  if (config.appSecret) {
    return config.appSecret;
  }
  const file = join(config.dataDir, 'app-secret');
  if (existsSync(file)) {
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
