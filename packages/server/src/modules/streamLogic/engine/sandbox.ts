/**
 * User JavaScript of script nodes, run in QuickJS compiled to WebAssembly (quickjs-emscripten): the
 * script sees only `msg` (no `process`, no `require`, no host functions), runs under a CPU deadline
 * (the interrupt handler checks the time it took) and a memory cap, and answers through JSON. Never `node:vm` or `vm2`.
 *
 * Each call gets a fresh runtime and context (measured 2–4 ms on the development machine), so scripts
 * cannot leave state behind for the next message; the WebAssembly module is loaded once. QuickJS 0.32
 * can abort the whole module when a runtime is freed after an out-of-memory or an overflow: then that
 * module is dropped and the next call loads a fresh one.
 */
import type { ChainMessage } from '@ferrite/contracts';
import { newQuickJSWASMModule, type QuickJSWASMModule } from 'quickjs-emscripten';

export interface SandboxLimits {
  /** CPU time the script may take. */
  timeoutMs: number;
  /** Memory its runtime may allocate. */
  memoryBytes: number;
}

/** A script's failure in words: a throw, a syntax error, or a limit it hit. */
export class ScriptError extends Error {}

/** Guest recursion fails inside QuickJS (a catchable "stack overflow") well before the host's stack ends. */
const MAX_STACK_BYTES = 256 * 1024;

/** How much longer than its CPU limit a script may take in wall time (waiting for a core on a busy machine). */
const WALL_FACTOR = 20;

let loading: Promise<QuickJSWASMModule> | null = null;

function quickJS(): Promise<QuickJSWASMModule> {
  if (!loading) {
    loading = newQuickJSWASMModule().then((module) => {
      // The first evaluation compiles much of the module (~60 ms): do it here, not inside a script's deadline.
      const runtime = module.newRuntime();
      const context = runtime.newContext();
      context.unwrapResult(context.evalCode('1')).dispose();
      context.dispose();
      runtime.dispose();
      return module;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/**
 * Runs a script body with `msg` bound to the message and answers what it returned (as JSON would
 * carry it: undefined becomes null). Throws a ScriptError saying why it failed or which limit stopped it.
 */
export async function runInSandbox(
  code: string,
  message: ChainMessage,
  limits: SandboxLimits,
): Promise<unknown> {
  const module = await quickJS();
  const runtime = module.newRuntime();
  let healthy = true;
  try {
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const context = runtime.newContext();
    try {
      // The body sits in a function so `return` works; the message arrives as a JSON literal (no host object).
      const source = `"use strict";\nJSON.stringify((function (msg) {\n${code}\n})(${JSON.stringify(message)}) ?? null)`;
      runtime.setInterruptHandler(cpuDeadline(limits.timeoutMs));
      const result = context.evalCode(source, 'script.js');
      if (result.error) {
        const error = context.dump(result.error) as { name?: string; message?: string } | string;
        result.error.dispose();
        throw new ScriptError(describe(error, limits));
      }
      const text = context.getString(result.value);
      result.value.dispose();
      return text === undefined ? null : JSON.parse(text);
    } finally {
      healthy = dispose(() => context.dispose()) && healthy;
    }
  } catch (error) {
    if (error instanceof ScriptError) throw error;
    // A host-side failure (the module's own stack or memory): this module is not to be trusted again.
    healthy = false;
    throw new ScriptError(
      `The script stopped the sandbox: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    healthy = dispose(() => runtime.dispose()) && healthy;
    if (!healthy && loading) loading = null;
  }
}

/**
 * Stops a script once its limit passed both in wall time and in the process's CPU time: an endless loop
 * is stopped at its limit, while a script that waited for a core on a busy machine (wall time only) or
 * ran beside the engine's background threads (CPU time only) is not. Wall time past 20 times the limit
 * stops anything.
 */
function cpuDeadline(timeoutMs: number): () => boolean {
  const startedCpu = process.cpuUsage();
  const startedWall = Date.now();
  const limitUs = timeoutMs * 1000;
  return () => {
    const wall = Date.now() - startedWall;
    if (wall <= timeoutMs) return false;
    if (wall > timeoutMs * WALL_FACTOR) return true;
    const used = process.cpuUsage(startedCpu);
    return used.user + used.system > limitUs;
  };
}

function dispose(free: () => void): boolean {
  try {
    free();
    return true;
  } catch {
    return false;
  }
}

function describe(error: { name?: string; message?: string } | string, limits: SandboxLimits): string {
  if (typeof error === 'string') return error;
  const text = `${error.name ?? 'Error'}: ${error.message ?? ''}`;
  if (error.message === 'interrupted')
    return `The script ran longer than its ${limits.timeoutMs} ms limit and was stopped`;
  if (error.message === 'out of memory') {
    return `The script used more than its ${Math.round(limits.memoryBytes / 1024 / 1024)} MB memory limit and was stopped`;
  }
  if (error.message === 'stack overflow') return 'The script recursed too deeply (stack overflow)';
  return text;
}
