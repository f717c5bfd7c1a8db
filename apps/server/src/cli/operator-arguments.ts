/**
 * An operator command's arguments, after reading the server's own settings from `--env-file=PATH` when given
 * (e.g. /etc/pid5/env, the file the systemd unit reads): the command then sees exactly what the server sees, login
 * settings included, without copying them into the shell. Variables already set in the shell win.
 */
export function operatorArguments(argv: readonly string[] = process.argv.slice(2)): string[] {
  const rest: string[] = [];
  for (const argument of argv) {
    const match = /^--env-file=(.+)$/.exec(argument);
    if (match) {
      try {
        process.loadEnvFile(match[1]!);
      } catch (error) {
        console.error(`Cannot read the settings file ${match[1]}: ${(error as Error).message}`);
        process.exit(2);
      }
    } else {
      rest.push(argument);
    }
  }
  return rest;
}
