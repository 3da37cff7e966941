import { GitMemoryError } from '../../errors.js';
import { hookCommandKey } from '../hook-command.js';
import { appendToArray, parseJsonc, removePath, setProperty } from './json-text.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A handler in the event → groups → handlers shape of Claude Code, Codex CLI and Gemini CLI. */
export interface GroupedHook {
  event: string;
  handler: Json & { command: string };
}

/** An entry in Cursor's flat event → entries shape. */
export interface FlatHook {
  event: string;
  entry: Json & { command: string };
}

function root(text: string, file: string): Json {
  const data = parseJsonc(text, file);
  if (!isObject(data)) throw new GitMemoryError(`${file}: expected a JSON object at the top; it was left as it is`);
  if (data.hooks !== undefined && !isObject(data.hooks)) throw new GitMemoryError(`${file}: "hooks" is not an object; it was left as it is`);
  return data;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const commandOf = (h: unknown) => (isObject(h) && typeof h.command === 'string' ? h.command : undefined);

/** Whether two commands run the same hook of ours (one guarded, one not: the same), or are equal. */
const sameCommand = (a: string | undefined, b: string) => a === b || (a !== undefined && hookCommandKey(a) !== null && hookCommandKey(a) === hookCommandKey(b));

/**
 * Adds each handler, as a group of its own, unless a handler with the same command is there. One of
 * ours written by an older version (without the guard, or async) gets today's command and `async`,
 * the rest of it kept.
 */
export function addGroupedHooks(text: string, file: string, hooks: GroupedHook[]): string {
  let t = text;
  for (const h of hooks) {
    const groups = (root(t, file).hooks as Json | undefined)?.[h.event];
    let present = false;
    list(groups).forEach((g, gi) => {
      if (!isObject(g)) return;
      list(g.hooks).forEach((x, hi) => {
        const c = commandOf(x);
        if (!sameCommand(c, h.handler.command)) return;
        present = true;
        const at = ['hooks', h.event, gi, 'hooks', hi];
        if (c !== h.handler.command) t = setProperty(t, [...at, 'command'], h.handler.command);
        // How the agent runs it is ours to say (Claude Code's Stop was async before issue 24, section 3).
        const async = (x as Json).async;
        if (async !== h.handler.async) t = h.handler.async === undefined ? removePath(t, [...at, 'async']) : setProperty(t, [...at, 'async'], h.handler.async);
      });
    });
    if (present) continue;
    t = Array.isArray(groups) ? appendToArray(t, ['hooks', h.event], { hooks: [h.handler] }) : setProperty(t, ['hooks', h.event], [{ hooks: [h.handler] }]);
  }
  return t;
}

/** Adds each flat entry unless one with the same command is there. */
export function addFlatHooks(text: string, file: string, hooks: FlatHook[]): string {
  let t = text;
  for (const h of hooks) {
    const entries = (root(t, file).hooks as Json | undefined)?.[h.event];
    const at = list(entries).findIndex((e) => sameCommand(commandOf(e), h.entry.command));
    if (at >= 0) {
      if (commandOf(list(entries)[at]) !== h.entry.command) t = setProperty(t, ['hooks', h.event, at, 'command'], h.entry.command);
      continue;
    }
    t = Array.isArray(entries) ? appendToArray(t, ['hooks', h.event], h.entry) : setProperty(t, ['hooks', h.event], [h.entry]);
  }
  return t;
}

/**
 * Removes the handlers `ours` picks. A group, event or `hooks` object left empty by the removal goes
 * too, so a file we added to reads as it did before.
 */
export function removeGroupedHooks(text: string, file: string, ours: (command: string, event: string) => boolean): string {
  let t = text;
  for (;;) {
    const hooks = root(t, file).hooks as Json | undefined;
    if (!hooks) return t;
    let edit: (string | number)[] | undefined;
    for (const [event, groups] of Object.entries(hooks)) {
      list(groups).forEach((g, gi) => {
        if (edit || !isObject(g)) return;
        const handlers = list(g.hooks);
        const hi = handlers.findIndex((x) => ours(commandOf(x) ?? '', event));
        if (hi < 0) return;
        if (handlers.length > 1) edit = ['hooks', event, gi, 'hooks', hi];
        else if (list(groups).length > 1) edit = ['hooks', event, gi];
        else edit = Object.keys(hooks).length > 1 ? ['hooks', event] : ['hooks'];
      });
      if (edit) break;
    }
    if (!edit) return t;
    t = removePath(t, edit);
  }
}

/** Removes the flat entries `ours` picks, and what they leave empty. */
export function removeFlatHooks(text: string, file: string, ours: (command: string) => boolean): string {
  let t = text;
  for (;;) {
    const hooks = root(t, file).hooks as Json | undefined;
    if (!hooks) return t;
    let edit: (string | number)[] | undefined;
    for (const [event, entries] of Object.entries(hooks)) {
      const i = list(entries).findIndex((e) => ours(commandOf(e) ?? ''));
      if (i < 0) continue;
      if (list(entries).length > 1) edit = ['hooks', event, i];
      else edit = Object.keys(hooks).length > 1 ? ['hooks', event] : ['hooks'];
      break;
    }
    if (!edit) return t;
    t = removePath(t, edit);
  }
}

/** True when any handler or entry `ours` picks is in the file. */
export function hasHooks(text: string, file: string, ours: (command: string) => boolean): boolean {
  const hooks = root(text, file).hooks as Json | undefined;
  return Object.values(hooks ?? {}).some((groups) =>
    list(groups).some((g) => ours(commandOf(g) ?? '') || (isObject(g) && list(g.hooks).some((x) => ours(commandOf(x) ?? '')))),
  );
}
