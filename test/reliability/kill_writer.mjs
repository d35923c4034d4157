#!/usr/bin/env node
// Runs a command and SIGKILLs it at a chosen moment, for the kill test (kill_during_writes.sh):
// after a delay, or when a file whose name matches a pattern appears in (or leaves) a watched
// folder (a manifest, manifest list or metadata file being written, the catalog's journal
// made or deleted: the steps of a commit), then after a delay. Its stdout and stderr go to
// files, so that what it printed before the kill is kept. Prints one line:
// "status=N signal=S killed=0|1 trigger=NAME ms=N".
//
//   node kill_writer.mjs --stdout FILE --stderr FILE --delay-ms D [--stall-unlink-ms S]
//                        [--watch FOLDER]... [--on REGEX [--nth N]] -- COMMAND ARGS...
// Without --on, the kill comes D ms after the start; with it, D ms after the N-th (default
// first) time a matching name appears or disappears (and never when that does not happen:
// the command then runs to its end). The catalog's journal appears when a catalog
// transaction starts and disappears when it has committed; the command exits a moment after
// its last commit, faster than the watch reports it, so --stall-unlink-ms runs it under
// strace, each unlink() returning S ms late: the kill then lands right after the commit.
import { spawn } from 'node:child_process';
import { openSync, watch } from 'node:fs';

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split < 0) {
  console.error('usage: kill_writer.mjs --stdout F --stderr F --delay-ms D [--watch DIR]... [--on REGEX] -- CMD...');
  process.exit(2);
}
const options = { watch: [] };
for (let i = 0; i < split; i += 2) {
  const [key, value] = [args[i].replace(/^--/, ''), args[i + 1]];
  if (key === 'watch') options.watch.push(value);
  else options[key] = value;
}
let [command, ...commandArgs] = args.slice(split + 1);
if (options['stall-unlink-ms']) {
  const us = Math.round(Number(options['stall-unlink-ms']) * 1000);
  commandArgs = ['-f', '-qq', '--seccomp-bpf', '-e', 'trace=unlink', '-e', `inject=unlink:delay_exit=${us}`,
                 '-o', '/dev/null', command, ...commandArgs];
  command = 'strace';
}
const delay = Number(options['delay-ms'] ?? 0);
const started = process.hrtime.bigint();
// why: a process group of its own, so that the kill takes strace and the command at once
const child = spawn(command, commandArgs, {
  stdio: ['ignore', openSync(options.stdout, 'w'), openSync(options.stderr, 'w')],
  detached: true,
});
let trigger = 'none';
let armed = false;
const arm = (why) => {
  if (armed) return;
  armed = true;
  trigger = why;
  const kill = () => child.exitCode === null && child.signalCode === null && process.kill(-child.pid, 'SIGKILL');
  if (delay <= 0) kill();
  else setTimeout(kill, delay);
};
const watchers = [];
if (options.on) {
  const pattern = new RegExp(options.on);
  let left = Number(options.nth ?? 1);
  for (const folder of options.watch) {
    try {
      // why: 'rename' is a name appearing or disappearing; 'change' (bytes written) is not counted
      watchers.push(watch(folder, (event, name) => {
        if (event === 'rename' && name && pattern.test(name) && --left === 0) arm(name);
      }));
    } catch {
      // a folder that does not exist yet: nothing to see there
    }
  }
} else {
  arm('timer');
}
child.on('exit', (code, signal) => {
  for (const w of watchers) w.close();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`status=${code ?? -1} signal=${signal ?? 'none'} killed=${signal === 'SIGKILL' ? 1 : 0} ` +
              `trigger=${trigger} ms=${ms.toFixed(1)}`);
});
