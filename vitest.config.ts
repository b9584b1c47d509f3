/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

// Astro's Vite config, so tests can import modules that use astro:content and import.meta.env like the site does.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    testTimeout: 30_000,
    // Suites start servers and sign in inside beforeAll: on a loaded 2-core machine that took over Vitest's 10 s default.
    hookTimeout: 90_000,
    // Vitest's default leaves a core idle (one worker on a 2-core machine); the server suites mostly wait on the
    // servers they start, so one worker a core runs them in about half the time.
    maxWorkers: availableParallelism(),
  },
});
