import { parseArgs } from './args.ts';
import { inputPaths, parseCommandArgs } from './strictArgs.ts';
import { ExitWith, TextOutput, type CliIo, type Command } from './command.ts';
import { escapeControl, InputError } from './errors.ts';
import { evalCommands } from './eval/index.ts';
import { topCommands } from './commands.ts';

declare const __FAIRGROUND_VERSION__: string;
const VERSION = typeof __FAIRGROUND_VERSION__ === 'string' ? __FAIRGROUND_VERSION__ : '0.0.0-dev';

function helpText(): string {
  const rows = [
    ...evalCommands.map((c) => [`eval ${c.name}`, c.summary]),
    ...topCommands.map((c) => [c.name, c.summary]),
  ];
  const width = Math.max(...rows.map((r) => r[0].length), 10);
  return [
    `fairground ${VERSION} — audit hiring models on your own machine`,
    '',
    'Usage: fairground <command> [options]',
    '',
    'Commands:',
    ...rows.map(([name, summary]) => `  ${name.padEnd(width)}  ${summary}`),
    '',
    'Every eval command prints one JSON object to stdout (--out FILE writes it instead),',
    'exits 0 on success and 2 on bad input. --bootstrap B --seed S add 95% CIs.',
    '',
    'Options:',
    '  --help       show this help (or a command\'s: fairground eval retrieval --help)',
    '  --version    print the version',
  ].join('\n');
}

function findCommand(words: string[]): { command: Command; rest: number } | undefined {
  if (words[0] === 'eval') {
    const command = evalCommands.find((c) => c.name === words[1]);
    return command ? { command, rest: 2 } : undefined;
  }
  const command = topCommands.find((c) => c.name === words[0]);
  return command ? { command, rest: 1 } : undefined;
}

/** What an unknown command is told: the words it gave, and where the commands are listed. */
function unknownCommandText(words: readonly string[]): string {
  const given = escapeControl(words.join(' '));
  if (words[0] === 'eval') return `fairground: unknown command "${given}": the eval kinds are ${evalCommands.map((c) => c.name).join(', ')}; see fairground eval --help`;
  return `fairground: unknown command "${given}"; see fairground --help`;
}

/** Runs the CLI and returns its exit code: 0 success, 2 bad input, 1 unexpected failure. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  if (args.options.has('version')) {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  const found = findCommand(args.positional);
  if (!found) {
    if (args.positional.length === 1 && args.positional[0] === 'eval') {
      const width = Math.max(...evalCommands.map((c) => c.name.length));
      io.stdout(`Usage: fairground eval <kind> [options]\n\n${evalCommands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}\n\nfairground eval <kind> --help shows a kind's options.\n`);
      return args.options.has('help') ? 0 : 2;
    }
    if (args.positional.length === 0) {
      io.stdout(`${helpText()}\n`);
      return args.options.has('help') ? 0 : 2;
    }
    // An unknown command says so and exits 2, --help or not: the general help would read as success.
    io.stderr(`${unknownCommandText(args.positional)}\n`);
    return 2;
  }
  const { command, rest } = found;
  if (args.options.has('help')) {
    const options = Object.keys(command.options).map((o) => `--${o}`).join(' ');
    io.stdout(`Usage: fairground ${command.usage}\n\n${command.summary}\n\nOptions: ${options} (and --out FILE, --help)\n`);
    return 0;
  }
  try {
    // The command words first (`eval retrieval …`), then its own options, parsed strictly.
    const words = args.positional.slice(0, rest);
    const tail = words.every((w, i) => argv[i] === w) ? argv.slice(rest) : argv.filter((w, i) => !(i < argv.length && words.includes(w) && argv.indexOf(w) === i));
    const strict = parseCommandArgs(tail, command.options);
    // Every input path is checked before the command reads anything: a missing or unreadable file is one line, exit 2.
    if (io.checkInput) for (const input of inputPaths(strict, command.options)) await io.checkInput(input.path, input.kind);
    const returned = await command.run(strict, io);
    const result = returned instanceof ExitWith ? returned.output : returned;
    const text = result instanceof TextOutput ? result.text : `${JSON.stringify(result, null, 2)}\n`;
    const out = strict.options.get('out');
    const ownsOut = typeof command.ownsOut === 'function' ? command.ownsOut(strict) : command.ownsOut === true;
    if (typeof out === 'string' && !ownsOut) await io.writeFile(out, text);
    else io.stdout(text);
    return returned instanceof ExitWith ? returned.code : 0;
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr(`${error.toLine()}\n`);
      return 2;
    }
    io.stderr(`fairground: ${escapeControl(error instanceof Error ? (error.stack ?? error.message) : String(error)).replaceAll('\\x0a', '\n')}\n`);
    return 1;
  }
}
