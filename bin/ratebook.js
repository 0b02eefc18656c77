#!/usr/bin/env node
// The installed `ratebook` command: loads the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
