export function cleanEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
export function pathWithoutInstalled(path: string): string;
