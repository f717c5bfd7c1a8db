// Score one response string and print the result as one line of JSON (see cli-json.ts for the exact shape).
//   npm run --silent score -- <220 characters>      (from the repository root)
//   echo <220 characters> | npm run --silent score
// Input: '0'-'3' answered, '9' or '.' missing. Bad input: exit code 2 and one line on stderr naming the first
// problem, e.g. 'position 17: expected 0-3, 9 or ., got "x"' or 'expected 220 characters, got 219'.
// This is the only file of the package that uses Node APIs.
import process from 'node:process';
import { toCliJson } from './cli-json';
import { findResponsesProblem } from './responses';
import { scoreResponses } from './score-responses';

const EXIT_BAD_INPUT = 2;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(EXIT_BAD_INPUT);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length > 1) {
    fail(`expected one argument (the 220-character response string), got ${args.length}`);
  }
  let input: string;
  if (args[0] !== undefined) {
    input = args[0];
  } else {
    if (process.stdin.isTTY) {
      fail('usage: npm run --silent score -- <220 characters of 0-3, 9 or .> (or pipe them on standard input)');
    }
    // Standard input usually ends with a newline (echo, files): drop trailing line breaks only.
    input = (await readStdin()).replace(/[\r\n]+$/, '');
  }
  const problem = findResponsesProblem(input);
  if (problem !== null) {
    fail(problem);
  }
  process.stdout.write(`${JSON.stringify(toCliJson(scoreResponses(input)))}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
