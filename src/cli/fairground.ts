/**
 * Entry point of the `fairground` binary (Node). All logic is in main.ts so
 * that tests can call it with an in-memory CliIo.
 */
import { main } from './main.ts';
import { nodeIo } from './node/nodeIo.ts';

process.exitCode = await main(process.argv.slice(2), nodeIo);
