import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

// The host's figures printed beside the ratios (bench/README.md): the ratios are the verdicts, these say what kind
// of machine and how busy it was, so two runs' absolute times can be told apart.

export function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    return line?.split(':')[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  } catch {
    return cpus()[0]?.model ?? 'unknown';
  }
}

export function loadAverageText(): string {
  return `${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1/5/15 min, ${cpus().length} cores)`;
}
