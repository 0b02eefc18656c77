// The service version, from package.json, for the OpenAPI document and start-up log.
import { readFileSync } from 'node:fs';
import { projectPath } from './paths.ts';

export const VERSION: string = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string })
  .version;
