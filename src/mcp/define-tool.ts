import * as z from 'zod/v4';
import type { Ctx, Result } from '../commands/context.js';

/** A tool's answer: text for the model, structured data for clients that read it. */
export interface ToolAnswer {
  text: string;
  data?: Record<string, unknown>;
}

/** What the server registers: a tool's metadata, its schema, and a call that takes the arguments as they come. */
export interface ToolSpec {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  readOnly: boolean;
  run(ctx: Ctx, args: Record<string, unknown>): Promise<Result<ToolAnswer>>;
}

/** A tool as written: `run` gets its arguments typed from the zod shape it declares. */
export interface ToolDefinition<S extends z.ZodRawShape> extends Omit<ToolSpec, 'input' | 'run'> {
  input: S;
  run(ctx: Ctx, args: z.infer<z.ZodObject<S>>): Promise<Result<ToolAnswer>>;
}

/**
 * Types a tool's arguments from its schema. The SDK checks the arguments against the same schema
 * before the call; parsing them here once more is what gives `run` their type, with no cast.
 */
export function defineTool<S extends z.ZodRawShape>(tool: ToolDefinition<S>): ToolSpec {
  const schema = z.object(tool.input);
  return { ...tool, run: (ctx, args) => tool.run(ctx, schema.parse(args)) };
}
