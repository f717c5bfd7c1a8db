// Score one response string and print the result as one line of JSON (see cli-json.ts for the exact shapes).
//   npm run --silent score -- <220 characters>                 (from the repository root; the full form)
//   npm run --silent score -- --form sf <100 characters>       (short form; --form bf: 25 characters)
//   echo <characters> | npm run --silent score -- --form bf
// Input: '0'-'3' answered, '9' or '.' missing; the form's own item numbering. Bad input: exit code 2 and one line on
// stderr naming the first problem, e.g. 'position 17: expected 0-3, 9 or ., got "x"' or
// 'expected 100 characters, got 99'.
// This is the only file of the package that uses Node APIs.
import process from 'node:process';
import { toAnyCliJson } from './cli-json';
import { getFormItemCount } from './forms';
import { FORM_IDS, type FormId } from './keys';
import { findResponsesProblem } from './responses';
import { scoreResponses } from './score-responses';

const EXIT_BAD_INPUT = 2;

const FORM_OPTION = /^--form(?:=(.*))?$/;

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

/** `--form sf`, `--form=bf` (any case; full, sf, bf) and the remaining arguments. */
function parseArguments(args: readonly string[]): { form: FormId; rest: string[] } {
  let form: FormId = 'FULL';
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = FORM_OPTION.exec(arg);
    if (match === null) {
      rest.push(arg);
      continue;
    }
    const value = match[1] ?? args[++i];
    const id = value?.toUpperCase();
    if (id === undefined || !(FORM_IDS as readonly string[]).includes(id)) {
      fail(`--form must be full, sf or bf, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
    }
    form = id as FormId;
  }
  return { form, rest };
}

async function main(): Promise<void> {
  const { form, rest } = parseArguments(process.argv.slice(2));
  const length = getFormItemCount(form);
  if (rest.length > 1) {
    fail(`expected one argument (the ${length}-character response string), got ${rest.length}`);
  }
  let input: string;
  if (rest[0] !== undefined) {
    input = rest[0];
  } else {
    if (process.stdin.isTTY) {
      fail(
        'usage: npm run --silent score -- [--form sf|bf] <220, 100 or 25 characters of 0-3, 9 or .> ' +
          '(or pipe them on standard input)',
      );
    }
    // Standard input usually ends with a newline (echo, files): drop trailing line breaks only.
    input = (await readStdin()).replace(/[\r\n]+$/, '');
  }
  const problem = findResponsesProblem(input, length);
  if (problem !== null) {
    fail(form === 'FULL' ? problem : `${problem} (the ${form} form has ${length} items)`);
  }
  process.stdout.write(`${JSON.stringify(toAnyCliJson(scoreResponses(input, { form })))}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
