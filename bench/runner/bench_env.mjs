// Where the benchmark scripts find things: the bench folder, the repository, the floe shell
// (FLOE overrides) and the pinned npm test tools with DuckDB (DUCKDB_MODULES, or the older
// FLOE_NODE_MODULES, overrides).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO = path.resolve(BENCH_DIR, '..');
export const FLOE = process.env.FLOE ?? path.join(REPO, 'build/release/tools/floe/floe');
export const MODULES = process.env.DUCKDB_MODULES ?? process.env.FLOE_NODE_MODULES ??
  path.join(REPO, 'test/interop/node_modules');

/// Returns the value after `name` in `args`, or `fallback`.
export function option(args, name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
}
