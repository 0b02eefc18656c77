// Where the tests keep what outlives a run: seeded SQLite templates and the last run's file times.
// RATEBOOK_TEST_CACHE moves it; files in it unused for a week are removed when a new template is made.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CACHE_DIR = process.env.RATEBOOK_TEST_CACHE ?? join(tmpdir(), 'ratebook-test-cache');
