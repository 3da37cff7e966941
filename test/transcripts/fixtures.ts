import { join } from 'node:path';
import { ROOT } from '../helpers/repo.js';

/** Transcripts in each agent's real shape, and the repository their paths are in. */
export const TRANSCRIPTS = join(ROOT, 'test/fixtures/transcripts');
export const REPO = '/home/jane/acme';
