import { basename, dirname, join } from 'node:path';

/** The repository root, seen from test/support or from its build under dist/ (which benches run). */
const above = join(__dirname, '..', '..');
export const REPOSITORY_ROOT = basename(above) === 'dist' ? dirname(above) : above;
