export function cleanEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
