#!/usr/bin/env node
// The installed `ratebook` command: the built bundle when present, else the TypeScript sources via tsx.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/ratebook.js', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
